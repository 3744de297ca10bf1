#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The references a stored value holds: inside optionals, enums, collections, structs,
// existentials and what closures captured.
extension ObjectGraph {
  // MARK: - References inside a value

  enum Reference {
    case object(AnyObject)
    case closure(String)
    /// What a closure captured that cannot be read, and why.
    case unreadable(String)
  }

  /// A reference found inside a value: what it is, how it is held, the keys that lead to it
  /// inside the value (`[MainViewModel]` for a dictionary's entry), and whether a closure in the
  /// value captured it.
  struct Found {
    let reference: Reference
    let ownership: ReferenceOwnership
    let key: String
    var isCapture = false

    var isUnreadable: Bool {
      if case .unreadable = reference { true } else { false }
    }
  }

  /// A collection of `count` elements, more than the walk looks into: what the elements past
  /// ``maximumElements`` hold is not read, so a chain through them is not seen. Said where the
  /// walk says what it could not read, never taken for "nothing holds it".
  func noteElided(
    _ count: Int, key: String, ownership: ReferenceOwnership, into found: inout [Found]
  ) {
    guard count > Self.maximumElements else { return }
    found.append(
      Found(
        reference: .unreadable(
          "only its first \(Self.maximumElements) of \(count) elements are walked"),
        ownership: ownership, key: key))
  }

  /// Whether `value`, reflected by `mirror`, is a closure.
  func isClosure(_ value: Any, mirror: Mirror) -> Bool {
    mirror.displayStyle == nil && known.kind(of: value) == .closure
  }

  /// Objects and closures inside `value` (stored with `ownership`), in order, each with its
  /// ownership and the keys that lead to it inside the value (`[MainViewModel]` for a
  /// dictionary's entry), without walking into the objects; after a closure, what it captured
  /// (`isCapture`, and strong only when the closure is held strongly). Returns the value's
  /// display style when it was looked at through a mirror (an enum's case is shown besides its
  /// references).
  @discardableResult
  func collectReferences(
    in value: Any, ownership: ReferenceOwnership, depth: Int, key: String,
    isCapture: Bool = false, into found: inout [Found]
  ) -> Mirror.DisplayStyle? {
    switch known.kind(of: value) {
    case .redacted, .url, .data, .string, .pointer, .scalar: return nil
    case .object:
      if let object = Self.object(in: value) {
        found.append(
          Found(reference: .object(object), ownership: ownership, key: key, isCapture: isCapture))
      }
      return .class
    case .optionalObject:
      // Stored as itself: read in place. Inside another existential (a property of type `Any`
      // holding it), through the mirror below.
      if let stored = Self.optionalObject(in: value) {
        if depth < Self.maximumValueDepth, let object = stored {
          found.append(
            Found(reference: .object(object), ownership: ownership, key: key, isCapture: isCapture))
        }
        return .optional
      }
    case .objectArray:
      if let objects = Self.objects(in: value) {
        guard depth < Self.maximumValueDepth else { return .collection }
        for (index, object) in objects.prefix(Self.maximumElements).enumerated() {
          found.append(
            Found(
              reference: .object(object), ownership: ownership, key: key + "[\(index)]",
              isCapture: isCapture))
        }
        noteElided(objects.count, key: key, ownership: ownership, into: &found)
        return .collection
      }
    case .task:
      found.append(
        Found(
          reference: .unreadable("a task: what its operation captured cannot be read"),
          ownership: ownership, key: key))
      return .struct
    case .closure, .other: break
    }
    let mirror = Mirror(reflecting: value)
    let style = mirror.displayStyle
    if style == .class {
      // A custom mirror may call anything a class: bridged, never read in place; and a box the
      // bridge makes is not the object, and is not walked.
      let bridged = value as AnyObject
      if ObjectIdentifier(type(of: bridged)) == ObjectIdentifier(type(of: value)) {
        found.append(
          Found(reference: .object(bridged), ownership: ownership, key: key, isCapture: isCapture))
      }
      return style
    }
    if isClosure(value, mirror: mirror) {
      // A closure captured inside another closure's context is part of that one's captures.
      if !isCapture {
        found.append(
          Found(reference: .closure(Self.describe(type(of: value))), ownership: ownership, key: key)
        )
      }
      guard depth < Self.maximumValueDepth else { return style }
      for capture in ClosureContext.captures(of: value) {
        switch capture {
        case .strong(let captured):
          collectReferences(
            in: captured, ownership: ownership, depth: depth + 1, key: key, isCapture: true,
            into: &found)
        case .weak(let object):
          if let object {
            found.append(
              Found(reference: .object(object), ownership: .weak, key: key, isCapture: true))
          }
        case .unowned(let object, _):
          if let object {
            found.append(
              Found(reference: .object(object), ownership: .unowned, key: key, isCapture: true))
          }
        case .unreadable(let reason):
          found.append(Found(reference: .unreadable(reason), ownership: ownership, key: key))
        }
      }
      return style
    }
    guard depth < Self.maximumValueDepth else { return style }
    if style == .dictionary {
      keyedReferences(in: mirror, ownership, depth, key: key, isCapture: isCapture, into: &found)
      return style
    }
    // A struct's own `weak` fields hold nothing, even when the struct is stored strongly.
    let nonStrong =
      mirror.displayStyle == .struct ? ReferenceOwnership.nonStrongFields(of: type(of: value)) : [:]
    var looked = 0
    for child in mirror.children {
      guard looked < Self.maximumElements else {
        noteElided(mirror.children.count, key: key, ownership: ownership, into: &found)
        break
      }
      // The path into the value: an array's index, a struct's or a tuple's field (a set has no
      // order to name, an optional and an enum's payload add nothing; a closure's captures have
      // no names, so a captured struct's fields are not named either).
      let inner: String
      switch style {
      case .collection: inner = key + "[\(looked)]"
      // A property wrapper's value is the property itself: `session`, not `session.wrappedValue`.
      case .struct where child.label == "wrappedValue" || isCapture: inner = key
      case .tuple where isCapture: inner = key
      case .struct: inner = key + "." + Self.propertyName(child.label)
      case .tuple:
        inner =
          key + "."
          + (child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? "\(looked)")
      default: inner = key
      }
      looked += 1
      let held = nonStrong.isEmpty ? ownership : child.label.flatMap { nonStrong[$0] } ?? ownership
      collectReferences(
        in: child.value, ownership: held, depth: depth + 1, key: inner, isCapture: isCapture,
        into: &found)
    }
    return style
  }

  /// The object inside `value`, whose type is a class (its kind is ``ValueKind/object``): read in
  /// place, where `value as AnyObject` would ask the runtime to bridge it. A value wrapped in
  /// another existential (`Any` holding an `any Error`, say) is bridged; `nil` when the bridge
  /// gives a box rather than the object itself (an error's box), which is not walked.
  static func object(in value: Any) -> AnyObject? {
    let dynamicType = ObjectIdentifier(type(of: value))
    func reference<T>(_ value: T) -> AnyObject? {
      if ObjectIdentifier(T.self) == dynamicType,
        MemoryLayout<T>.size == MemoryLayout<AnyObject>.size
      {
        return unsafeBitCast(value, to: AnyObject.self)
      }
      let bridged = value as AnyObject
      return ObjectIdentifier(Swift.type(of: bridged)) == dynamicType ? bridged : nil
    }
    return _openExistential(value, do: reference)
  }

  /// The object inside `value`, an ``ValueKind/optionalObject``, or `nil` when it holds none;
  /// `.none` when the optional is wrapped in another existential, for the mirror to read.
  static func optionalObject(in value: Any) -> AnyObject?? {
    let dynamicType = ObjectIdentifier(type(of: value))
    func reference<T>(_ value: T) -> AnyObject?? {
      guard ObjectIdentifier(T.self) == dynamicType else { return .none }
      return .some(unsafeBitCast(value, to: AnyObject?.self))
    }
    return _openExistential(value, do: reference)
  }

  /// The objects inside `value`, an ``ValueKind/objectArray``, in order; `nil` when the array is
  /// wrapped in another existential, for the mirror to read.
  static func objects(in value: Any) -> [AnyObject]? {
    let dynamicType = ObjectIdentifier(type(of: value))
    func references<T>(_ value: T) -> [AnyObject]? {
      ObjectIdentifier(T.self) == dynamicType ? unsafeBitCast(value, to: [AnyObject].self) : nil
    }
    return _openExistential(value, do: references)
  }

  /// How many bytes a value of `type` takes.
  static func size(of type: Any.Type) -> Int {
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(type, do: size)
  }

  /// The references in a dictionary's values, each under its key (`[MainViewModel]`), in the
  /// order of the keys: a dictionary's own order changes from run to run. A key that names no
  /// value of its own (an `ObjectIdentifier`, an object) shows as `?`; entries under equal keys
  /// keep the dictionary's order.
  func keyedReferences(
    in mirror: Mirror, _ ownership: ReferenceOwnership, _ depth: Int, key: String,
    isCapture: Bool, into found: inout [Found]
  ) {
    let entries = mirror.children.map { entry in
      let parts = Array(Mirror(reflecting: entry.value).children)
      let key = parts.first.map { Self.keyText($0.value) } ?? "?"
      return (key: key, value: parts.last?.value ?? entry.value)
    }
    for entry in entries.sorted(by: { $0.key < $1.key }).prefix(Self.maximumElements) {
      collectReferences(
        in: entry.value, ownership: ownership, depth: depth + 1, key: key + "[\(entry.key)]",
        isCapture: isCapture, into: &found)
    }
    noteElided(entries.count, key: key, ownership: ownership, into: &found)
  }

  /// A dictionary key as a label shows it: a string, a number or another plain value as Swift
  /// writes it, cut to 40 characters; `?` for an identity or an object, whose text would be an
  /// address.
  static func keyText(_ key: Any) -> String {
    if key is ObjectIdentifier || Mirror(reflecting: key).displayStyle == .class { return "?" }
    let text = key as? String ?? String(describing: key)
    return text.count > 40 ? String(text.prefix(40)) + "…" : text
  }

  /// `text` cut to ``maximumValueLength`` characters, saying so.
  static func cut(_ text: String) -> String {
    // No more bytes than the limit is no more characters: most values end here, uncounted.
    guard text.utf8.count > maximumValueLength, text.count > maximumValueLength else { return text }
    return String(text.prefix(maximumValueLength)) + "… (cut)"
  }
}
