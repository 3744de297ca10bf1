import Foundation
import KooberKit
import ObjectTrace

/// Which Koober server the composition root wires in.
public enum KooberServer: String, CaseIterable, Sendable {
  /// ``FakeAuthRemoteAPI``: offline, instant, the default.
  case fake
  /// The cloud API on a developer's machine.
  case dev
  /// The production cloud API.
  case prod

  /// The server's base URL; `nil` for the fake, which has none.
  public var baseURL: URL? {
    switch self {
    case .fake: nil
    case .dev: URL(string: "http://localhost:8080/")
    case .prod: URL(string: "https://api.koober.example/")
    }
  }
}

/// The Koober cloud's sign-in API, over any ``HTTPClient``.
///
/// Its base URL comes through its initializer (dev, prod, a test's loopback server), and it
/// builds every request body itself from typed values: a renamed server field changes this file,
/// not the screens that sign in.
public final class KooberCloudAuthRemoteAPI: AuthRemoteAPI {
  let lifetime = Lifetime(of: KooberCloudAuthRemoteAPI.self)
  /// The base URL requests go to.
  public let server: URL
  let http: any HTTPClient

  /// Creates the API for `server`, sending with `http`.
  public init(server: URL, http: any HTTPClient) {
    self.server = server
    self.http = http
  }

  // MARK: - Requests, built from typed values

  /// What `POST auth/sign-in` carries.
  struct SignInRequest: Codable {
    let email: String
    let password: String
  }

  /// What `POST auth/sign-up` carries.
  struct SignUpRequest: Codable {
    let fullName: String
    let nickname: String
    let email: String
    let mobileNumber: String
    let password: String
  }

  /// What both answer with.
  struct SessionResponse: Codable {
    let profile: UserProfile
    let token: String
  }

  public func signIn(email: String, password: Secret<String>) async throws -> UserSession {
    try await post(
      "auth/sign-in", SignInRequest(email: email, password: password.revealed),
      unauthorized: .incorrectCredentials)
  }

  public func signUp(account: NewAccount) async throws -> UserSession {
    try await post(
      "auth/sign-up",
      SignUpRequest(
        fullName: account.fullName, nickname: account.nickname, email: account.email,
        mobileNumber: account.mobileNumber, password: account.password.revealed),
      unauthorized: .network("sign-up was refused"))
  }

  private func post(
    _ path: String, _ body: some Encodable, unauthorized: KooberError
  ) async throws -> UserSession {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let request = HTTPRequest(
      method: "POST", url: server.appendingPathComponent(path),
      headers: ["Content-Type": "application/json", "Accept": "application/json"],
      body: try encoder.encode(body))
    let response = try await http.send(request)
    switch response.status {
    case 200..<300:
      guard let session = try? JSONDecoder().decode(SessionResponse.self, from: response.body)
      else {
        throw KooberError.network("an unreadable answer from \(server.absoluteString)")
      }
      return UserSession(
        profile: session.profile, remoteSession: RemoteUserSession(token: Secret(session.token)))
    case 401, 403:
      throw unauthorized
    default:
      throw KooberError.network("HTTP \(response.status) from \(server.absoluteString)")
    }
  }
}
