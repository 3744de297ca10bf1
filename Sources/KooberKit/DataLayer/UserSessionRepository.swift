import ObjectTrace

/// Where the screens get, create and end user sessions.
@MainActor public protocol UserSessionRepository: AnyObject {
  /// The saved session, if the user signed in before.
  func readUserSession() async throws -> UserSession?
  /// Creates an account and signs it in.
  func signUp(newAccount: NewAccount) async throws -> UserSession
  /// Signs in with an email and a password.
  func signIn(email: String, password: Secret<String>) async throws -> UserSession
  /// Ends `userSession`, forgetting the saved copy.
  func signOut(userSession: UserSession) async throws -> UserSession
}

/// The app's repository: asks the remote API, and keeps the session in a data store.
@MainActor
public final class KooberUserSessionRepository: UserSessionRepository {
  let lifetime = Lifetime(of: KooberUserSessionRepository.self)
  let dataStore: any UserSessionDataStore
  let remoteAPI: any AuthRemoteAPI

  /// Creates a repository over a data store and a remote API.
  public init(dataStore: any UserSessionDataStore, remoteAPI: any AuthRemoteAPI) {
    self.dataStore = dataStore
    self.remoteAPI = remoteAPI
  }

  public func readUserSession() async throws -> UserSession? {
    try dataStore.readUserSession()
  }

  public func signUp(newAccount: NewAccount) async throws -> UserSession {
    let userSession = try await remoteAPI.signUp(account: newAccount)
    try dataStore.save(userSession: userSession)
    return userSession
  }

  public func signIn(email: String, password: Secret<String>) async throws -> UserSession {
    let userSession = try await remoteAPI.signIn(email: email, password: password)
    try dataStore.save(userSession: userSession)
    return userSession
  }

  public func signOut(userSession: UserSession) async throws -> UserSession {
    try dataStore.delete(userSession: userSession)
    return userSession
  }
}
