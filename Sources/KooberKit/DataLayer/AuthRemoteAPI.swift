import ObjectTrace

/// The server that signs users in and up.
public protocol AuthRemoteAPI: AnyObject, Sendable {
  /// Signs in; throws ``KooberError/incorrectCredentials`` for a wrong email or password.
  func signIn(email: String, password: Secret<String>) async throws -> UserSession
  /// Creates an account and returns its first session.
  func signUp(account: NewAccount) async throws -> UserSession
}

/// An offline stand-in for the Koober server: it answers at once, without sleeping.
///
/// It accepts one account, `johnny@gmail.com` / `password`, and any sign-up.
public final class FakeAuthRemoteAPI: AuthRemoteAPI {
  let lifetime = Lifetime(of: FakeAuthRemoteAPI.self)

  /// The email of the one account it knows.
  public static let knownEmail = "johnny@gmail.com"
  /// That account's password.
  public static let knownPassword = "password"
  /// The token every session it hands out carries (never printed: it is a ``Secret``).
  public static let sessionToken = "64652626-fake-session-token"

  /// Creates the fake.
  public init() {}

  public func signIn(email: String, password: Secret<String>) async throws -> UserSession {
    guard email == Self.knownEmail, password.revealed == Self.knownPassword else {
      throw KooberError.incorrectCredentials
    }
    return Self.session(
      for: UserProfile(
        name: "Johnny Appleseed", nickname: "johnny", email: email, mobileNumber: "170-555-0100"))
  }

  public func signUp(account: NewAccount) async throws -> UserSession {
    Self.session(
      for: UserProfile(
        name: account.fullName, nickname: account.nickname, email: account.email,
        mobileNumber: account.mobileNumber))
  }

  private static func session(for profile: UserProfile) -> UserSession {
    UserSession(profile: profile, remoteSession: RemoteUserSession(token: Secret(sessionToken)))
  }
}
