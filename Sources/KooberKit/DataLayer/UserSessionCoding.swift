import ObjectTrace

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns a session into bytes for a data store, and back.
public protocol UserSessionCoding: AnyObject, Sendable {
  /// Encodes a session.
  func encode(userSession: UserSession) throws -> Data
  /// Decodes a session; throws for anything that is not one.
  func decode(data: Data) throws -> UserSession
}

/// Encodes sessions as binary property lists.
public final class UserSessionPropertyListCoder: UserSessionCoding {
  let lifetime = Lifetime(of: UserSessionPropertyListCoder.self)

  /// Creates the coder.
  public init() {}

  public func encode(userSession: UserSession) throws -> Data {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    return try encoder.encode(userSession)
  }

  public func decode(data: Data) throws -> UserSession {
    try PropertyListDecoder().decode(UserSession.self, from: data)
  }
}
