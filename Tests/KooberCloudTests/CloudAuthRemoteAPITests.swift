import Foundation
import ObjectTrace
import Synchronization
import Testing

@testable import KooberCloud
@testable import KooberKit

/// The cloud API over the HTTP seam: the requests it builds, and the real client on loopback.
@Suite struct CloudAuthRemoteAPITests {
  /// An HTTP client that records requests and answers with a canned response.
  final class RecordingHTTPClient: HTTPClient {
    let requests = Mutex<[HTTPRequest]>([])
    let response: HTTPResponse

    init(status: Int = 200, body: String = CloudAuthRemoteAPITests.sessionJSON) {
      response = HTTPResponse(status: status, body: Data(body.utf8))
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      requests.withLock { $0.append(request) }
      return response
    }
  }

  static let sessionJSON = """
    {"profile": {"name": "Johnny Appleseed", "nickname": "johnny", "email": "johnny@gmail.com",
    "mobileNumber": "170-555-0100"}, "token": "cloud-token"}
    """

  private let server = URL(string: "https://dev.koober.example/v1/") ?? URL(fileURLWithPath: "/")

  private func jsonObject(_ data: Data) throws -> [String: String] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
  }

  @Test func signInPostsEmailAndPasswordAsJSON() async throws {
    let http = RecordingHTTPClient()
    let api = KooberCloudAuthRemoteAPI(server: server, http: http)
    let session = try await api.signIn(email: "johnny@gmail.com", password: Secret("password"))
    #expect(session.remoteSession.token.revealed == "cloud-token")
    let request = try #require(http.requests.withLock { $0.first })
    #expect(request.method == "POST")
    #expect(request.url.absoluteString == "https://dev.koober.example/v1/auth/sign-in")
    #expect(request.headers["Content-Type"] == "application/json")
    #expect(
      try jsonObject(request.body) == ["email": "johnny@gmail.com", "password": "password"])
  }

  @Test func signUpPostsTheNewAccountsFields() async throws {
    let http = RecordingHTTPClient()
    let api = KooberCloudAuthRemoteAPI(server: server, http: http)
    _ = try await api.signUp(
      account: NewAccount(
        fullName: "Johnny Appleseed", nickname: "johnny", email: "johnny@gmail.com",
        mobileNumber: "170-555-0100", password: Secret("pw")))
    let request = try #require(http.requests.withLock { $0.first })
    #expect(request.url.path == "/v1/auth/sign-up")
    #expect(
      try jsonObject(request.body) == [
        "fullName": "Johnny Appleseed", "nickname": "johnny", "email": "johnny@gmail.com",
        "mobileNumber": "170-555-0100", "password": "pw",
      ])
  }

  @Test func statusCodesBecomeTypedErrors() async {
    let unauthorized = KooberCloudAuthRemoteAPI(
      server: server, http: RecordingHTTPClient(status: 401))
    await #expect(throws: KooberError.incorrectCredentials) {
      try await unauthorized.signIn(email: "e", password: Secret("p"))
    }
    let broken = KooberCloudAuthRemoteAPI(server: server, http: RecordingHTTPClient(status: 500))
    await #expect(throws: KooberError.network("HTTP 500 from https://dev.koober.example/v1/")) {
      try await broken.signIn(email: "e", password: Secret("p"))
    }
    let garbled = KooberCloudAuthRemoteAPI(
      server: server, http: RecordingHTTPClient(status: 200, body: "<html>"))
    await #expect(
      throws: KooberError.network("an unreadable answer from https://dev.koober.example/v1/")
    ) {
      try await garbled.signIn(email: "e", password: Secret("p"))
    }
  }

  // MARK: - The real client, against a loopback server this test starts and stops

  @Test func theRealClientTalksToALoopbackServer() async throws {
    let server = try LoopbackHTTPServer { request in
      let json = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: String]
      if json?["password"] == "password" { return (200, Data(Self.sessionJSON.utf8)) }
      return (401, Data("{}".utf8))
    }
    defer { server.stop() }
    let api = KooberCloudAuthRemoteAPI(server: server.url, http: URLSessionHTTPClient(timeout: 5))
    let session = try await api.signIn(email: "johnny@gmail.com", password: Secret("password"))
    #expect(session.profile.nickname == "johnny")
    #expect(session.remoteSession.token.revealed == "cloud-token")
    await #expect(throws: KooberError.incorrectCredentials) {
      try await api.signIn(email: "johnny@gmail.com", password: Secret("wrong"))
    }
    let requests = server.requests
    #expect(requests.map(\.method) == ["POST", "POST"])
    #expect(requests.map(\.path) == ["/auth/sign-in", "/auth/sign-in"])
    #expect(requests.first?.headers["content-type"] == "application/json")
  }

  @Test func anUnreachableServerIsANetworkErrorNotACrash() async throws {
    // Start a server to learn a free port, then stop it: nothing listens there any more.
    let closed = try LoopbackHTTPServer { _ in (200, Data()) }
    closed.stop()
    let api = KooberCloudAuthRemoteAPI(server: closed.url, http: URLSessionHTTPClient(timeout: 2))
    await #expect {
      try await api.signIn(email: "johnny@gmail.com", password: Secret("password"))
    } throws: { error in
      guard case .network(let reason) = error as? KooberError else { return false }
      return reason.hasPrefix("http://127.0.0.1:\(closed.port)")
    }
  }

  @Test func aBodyPastTheCapIsRefusedWithAClearError() async throws {
    let huge = try LoopbackHTTPServer { _ in (200, Data(repeating: 0x20, count: 8 << 20)) }
    defer { huge.stop() }
    let client = URLSessionHTTPClient(timeout: 5)
    #expect(client.maximumBodySize == 1 << 20)
    await #expect(
      throws: KooberError.network(
        "http://127.0.0.1:\(huge.port) sent more than 1048576 bytes; the answer was refused")
    ) {
      try await client.send(HTTPRequest(method: "GET", url: huge.url))
    }
  }

  /// Without `Content-Length` the size is known only as the body streams in: the client counts
  /// and cancels past the cap, which is the only place that can refuse this answer.
  @Test func aBodyOfUnannouncedLengthIsCutOffAsItStreams() async throws {
    let endless = try LoopbackHTTPServer(announcesLength: false) { _ in
      (200, Data(repeating: 0x20, count: 8 << 20))
    }
    defer { endless.stop() }
    await #expect(
      throws: KooberError.network(
        "http://127.0.0.1:\(endless.port) sent more than 1048576 bytes; the answer was refused")
    ) {
      try await URLSessionHTTPClient(timeout: 5).send(HTTPRequest(method: "GET", url: endless.url))
    }
    // The same server's answer within a roomier cap arrives whole: the refusal above is the cap's.
    let roomy = URLSessionHTTPClient(timeout: 5, maximumBodySize: 8 << 20)
    #expect(
      try await roomy.send(HTTPRequest(method: "GET", url: endless.url)).body.count == 8 << 20)
  }

  @Test func aBodyWithinTheCapArrivesWhole() async throws {
    let server = try LoopbackHTTPServer { _ in (200, Data(repeating: 0x41, count: 1000)) }
    defer { server.stop() }
    let roomy = URLSessionHTTPClient(timeout: 5, maximumBodySize: 1000)
    #expect(
      try await roomy.send(HTTPRequest(method: "GET", url: server.url)).body.count == 1000)
    let tight = URLSessionHTTPClient(timeout: 5, maximumBodySize: 999)
    await #expect(throws: KooberError.self) {
      try await tight.send(HTTPRequest(method: "GET", url: server.url))
    }
  }
}
