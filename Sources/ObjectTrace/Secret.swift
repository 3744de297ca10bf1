/// A value that must never be printed: a password or a session token.
///
/// Its description, debug description and reflection all show `‹redacted›`, so neither
/// `print`, string interpolation nor the object-graph trace can reveal it. Code that needs the
/// value reads ``revealed`` on purpose.
public struct Secret<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable,
  CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable, RedactedValue
{
  /// What every output shows instead of the value.
  public static var placeholder: String { "‹redacted›" }

  /// The secret value itself; read it only where it is needed (a request body, a keychain).
  public let revealed: Value

  /// Wraps a secret value.
  public init(_ value: Value) { revealed = value }

  /// Decodes the value itself: what a store keeps is the real value.
  public init(from decoder: any Decoder) throws {
    revealed = try decoder.singleValueContainer().decode(Value.self)
  }

  /// Encodes the value itself, for a store; printing never shows it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(revealed)
  }

  /// `‹redacted›`, never the secret.
  public var description: String { Self.placeholder }
  /// `‹redacted›`, never the secret.
  public var debugDescription: String { Self.placeholder }
  /// A mirror with no children: reflection never reaches the secret.
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// A value the trace prints as `‹redacted›`.
public protocol RedactedValue {}
