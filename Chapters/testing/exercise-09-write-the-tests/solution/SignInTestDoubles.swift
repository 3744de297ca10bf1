// Exercise 9 — your test doubles: stand-ins for what the sign-in form talks to, which a test
// controls (a stub answers as the test says) and reads (a spy remembers what it was told).
// Check your tests with `swift run workbook check 9`; stuck? `swift run workbook hint 9`.
import KooberKit
import KooberRules
import ObjectTrace

/// A stub repository: `signIn` answers what the test chose, and remembers what it was asked.
@MainActor
final class StubUserSessionRepository: UserSessionRepository {
  // exercise: begin
  /// What `signIn` answers: a session, or an error it throws.
  var signInResult: Result<UserSession, KooberError>
  /// The email and password of each `signIn` call, in order.
  private(set) var signIns: [(email: String, password: String)] = []

  /// A repository whose `signIn` answers `signInResult`.
  init(signInResult: Result<UserSession, KooberError>) {
    self.signInResult = signInResult
  }

  func signIn(email: String, password: Secret<String>) async throws -> UserSession {
    signIns.append((email, password.revealed))
    return try signInResult.get()
  }
  // exercise: starter
  // /// A repository whose `signIn` answers what a test chose.
  // init() {}
  //
  // func signIn(email: String, password: Secret<String>) async throws -> UserSession {
  //   todo(
  //     "answer what the test chose (a session or an error); remember the email and password",
  //     ko: "테스트가 고른 대로(세션이나 오류) 답하고, 이메일과 비밀번호를 기억해 두세요")
  // }
  // exercise: end

  // The sign-in form calls only `signIn`; the rest answers as an empty repository would.
  func readUserSession() async throws -> UserSession? { nil }
  func signUp(newAccount: NewAccount) async throws -> UserSession {
    throw KooberError.network("the sign-in form does not sign up")
  }
  func signOut(userSession: UserSession) async throws -> UserSession { userSession }
}

/// A spy responder: remembers each session it is told about.
@MainActor
final class SpySignedInResponder: SignedInResponder {
  // exercise: begin
  /// Every session `signedIn(to:)` was called with, in order.
  private(set) var sessions: [UserSession] = []

  func signedIn(to userSession: UserSession) {
    sessions.append(userSession)
  }
  // exercise: starter
  // func signedIn(to userSession: UserSession) {
  //   todo(
  //     "remember the session, so a test can ask what the form told its responder",
  //     ko: "세션을 기억해 두어서 폼이 응답자에게 무엇을 전달했는지 테스트가 물을 수 있게 하세요")
  // }
  // exercise: end
}
