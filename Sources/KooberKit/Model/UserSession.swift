import ObjectTrace

/// A signed-in user: their profile and the remote session token (a secret).
///
/// A class, as in the book, so the trace can follow the one session through the screens that
/// share it, and see it released when the user signs out.
public final class UserSession: Codable, Sendable {
  let lifetime = Lifetime(of: UserSession.self, scope: .signedIn)
  /// Who is signed in.
  public let profile: UserProfile
  /// The server's session, holding the token.
  public let remoteSession: RemoteUserSession

  /// Creates a session.
  public init(profile: UserProfile, remoteSession: RemoteUserSession) {
    self.profile = profile
    self.remoteSession = remoteSession
  }

  enum CodingKeys: String, CodingKey {
    case profile, remoteSession
  }
}

/// What the app knows about a user.
public struct UserProfile: Codable, Hashable, Sendable {
  /// Full name.
  public let name: String
  /// Short name.
  public let nickname: String
  /// Sign-in email.
  public let email: String
  /// Phone number.
  public let mobileNumber: String

  /// Creates a profile.
  public init(name: String, nickname: String, email: String, mobileNumber: String) {
    self.name = name
    self.nickname = nickname
    self.email = email
    self.mobileNumber = mobileNumber
  }
}

/// The server side of a session: its token, which must never be printed.
public struct RemoteUserSession: Codable, Hashable, Sendable {
  /// The bearer token.
  public let token: Secret<String>

  /// Creates a remote session.
  public init(token: Secret<String>) { self.token = token }
}

/// What sign-up sends: a new account's details.
public struct NewAccount: Codable, Hashable, Sendable {
  /// Full name.
  public let fullName: String
  /// Short name.
  public let nickname: String
  /// Sign-in email.
  public let email: String
  /// Phone number.
  public let mobileNumber: String
  /// The chosen password.
  public let password: Secret<String>

  /// Creates a new account's details.
  public init(
    fullName: String, nickname: String, email: String, mobileNumber: String,
    password: Secret<String>
  ) {
    self.fullName = fullName
    self.nickname = nickname
    self.email = email
    self.mobileNumber = mobileNumber
    self.password = password
  }
}
