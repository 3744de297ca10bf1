#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// What the walk makes of a value, by its type, asked once per type.
extension ObjectGraph {
  /// What the walk makes of a value, by its type.
  enum ValueKind: Sendable {
    /// A ``RedactedValue``: shown as the placeholder, never looked into.
    case redacted
    /// A URL or bytes: shown as text, never looked into.
    case url, data
    /// A string: shown quoted.
    case string
    /// A function type's value: a closure.
    case closure
    /// A `Task`: its operation is a closure the runtime keeps inside the task, where no capture
    /// descriptor describes it.
    case task
    /// A pointer: its text would be an address.
    case pointer
    /// An instance of a class.
    case object
    /// An optional instance of a class (`Session?`, a `weak var`): one reference or none, read
    /// without a mirror.
    case optionalObject
    /// An array of instances of a class (`[Screen]`), read without a mirror.
    case objectArray
    /// A number, a truth value or a character: shown as Swift prints it.
    case scalar
    /// Anything else: looked into by its mirror.
    case other
  }

  /// The kind of `value`, found once per type.
  static func kind(of value: Any) -> ValueKind {
    let type = type(of: value)
    return valueKinds.value(for: ObjectIdentifier(type)) { _ in
      if type is any RedactedValue.Type { return .redacted }
      if type is AnyObject.Type { return .object }
      if type == URL.self { return .url }
      if type == Data.self { return .data }
      if type == String.self { return .string }
      let scalars: [Any.Type] = [
        Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self,
        UInt16.self, UInt32.self, UInt64.self, Double.self, Float.self, Bool.self,
        Character.self,
      ]
      if scalars.contains(where: { $0 == type }) { return .scalar }
      // A class's optional or array is a reference or a buffer of references, whatever the
      // class: what `as AnyObject?` and `as [AnyObject]` would make of it without asking.
      if let optional = type as? any OptionalValue.Type, optional.wrappedType is AnyObject.Type,
        Self.size(of: type) == MemoryLayout<AnyObject?>.size
      {
        return .optionalObject
      }
      if let array = type as? any ArrayValue.Type, array.elementType is AnyObject.Type,
        Self.size(of: array.elementType) == MemoryLayout<AnyObject>.size
      {
        return .objectArray
      }
      let name = describe(type)
      if name.contains(" -> ") { return .closure }
      if _typeName(type, qualified: true).hasPrefix("Swift.Task<") { return .task }
      // The outer type only: `Box<UnsafePointer<Int>>` is a box, looked into.
      let outer = name.prefix { $0 != "<" }
      if outer == "OpaquePointer" || (outer.contains("Unsafe") && outer.hasSuffix("Pointer")) {
        return .pointer
      }
      return .other
    }
  }
}

/// An optional's wrapped type, asked once per type.
protocol OptionalValue { static var wrappedType: Any.Type { get } }

extension Optional: OptionalValue {
  static var wrappedType: Any.Type { Wrapped.self }
}

/// An array's element type, asked once per type.
protocol ArrayValue { static var elementType: Any.Type { get } }

extension Array: ArrayValue {
  static var elementType: Any.Type { Element.self }
}
