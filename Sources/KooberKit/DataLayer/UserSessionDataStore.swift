/// Keeps the signed-in session across launches.
@MainActor public protocol UserSessionDataStore: AnyObject {
  /// The saved session, or `nil` when signed out.
  func readUserSession() throws -> UserSession?
  /// Saves `userSession`, replacing any saved one.
  func save(userSession: UserSession) throws
  /// Forgets the saved session.
  func delete(userSession: UserSession) throws
}
