import Foundation
import KooberKit

/// The Koober cloud's sign-in API as a stub on 127.0.0.1: what `chapter5 --server local` wires
/// in, so the real ``URLSessionHTTPClient`` and ``KooberCloudAuthRemoteAPI`` play the whole story
/// without leaving the machine.
///
/// It knows the fake server's one account (`johnny@gmail.com` / `password`) and accepts any
/// sign-up, answering with the JSON the cloud API reads.
public enum KooberStubServer {
  /// Starts the stub on a port the system picks; stop it once the story has quit.
  public static func start() throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer(respond: respond)
  }

  /// The stub's answer to one request.
  static func respond(_ request: LoopbackHTTPServer.Request) -> (status: Int, body: Data) {
    let decoder = JSONDecoder()
    switch (request.method, request.path) {
    case ("POST", "/auth/sign-in"):
      guard
        let signIn = try? decoder.decode(
          KooberCloudAuthRemoteAPI.SignInRequest.self, from: request.body),
        signIn.email == FakeAuthRemoteAPI.knownEmail,
        signIn.password == FakeAuthRemoteAPI.knownPassword
      else { return (401, Data()) }
      return session(
        UserProfile(
          name: "Johnny Appleseed", nickname: "johnny", email: signIn.email,
          mobileNumber: "170-555-0100"))
    case ("POST", "/auth/sign-up"):
      guard
        let signUp = try? decoder.decode(
          KooberCloudAuthRemoteAPI.SignUpRequest.self, from: request.body)
      else { return (400, Data()) }
      return session(
        UserProfile(
          name: signUp.fullName, nickname: signUp.nickname, email: signUp.email,
          mobileNumber: signUp.mobileNumber))
    default:
      return (404, Data())
    }
  }

  private static func session(_ profile: UserProfile) -> (status: Int, body: Data) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let answer = KooberCloudAuthRemoteAPI.SessionResponse(
      profile: profile, token: FakeAuthRemoteAPI.sessionToken)
    return (200, (try? encoder.encode(answer)) ?? Data())
  }
}
