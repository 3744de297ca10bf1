import ObjectTrace

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keeps the session the way the book keeps it in the keychain — but this is an in-process
/// stand-in: Linux has no keychain, so the encoded bytes live in this object's memory and are
/// gone when it is released. Nothing is written to disk.
@MainActor
public final class KeychainUserSessionDataStore: UserSessionDataStore {
  let lifetime = Lifetime(of: KeychainUserSessionDataStore.self)
  let userSessionCoder: any UserSessionCoding
  private var keychainItem: Data?

  /// Creates an empty store that encodes with `userSessionCoder`.
  public init(userSessionCoder: any UserSessionCoding) {
    self.userSessionCoder = userSessionCoder
  }

  public func readUserSession() throws -> UserSession? {
    guard let keychainItem else { return nil }
    return try userSessionCoder.decode(data: keychainItem)
  }

  public func save(userSession: UserSession) throws {
    keychainItem = try userSessionCoder.encode(userSession: userSession)
  }

  public func delete(userSession: UserSession) throws {
    keychainItem = nil
  }
}
