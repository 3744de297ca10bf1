#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a stored reference keeps its object alive: `strong` does; `weak` and `unowned` hold
/// nothing.
///
/// `Mirror` shows a `weak var` as the optional it loads, exactly like a strong one; the Swift
/// runtime's field metadata knows the difference. The runtime function `Mirror` itself is built
/// on, `swift_reflectionMirror_recursiveChildMetadata`, reports each stored property's name and
/// whether it is strong, on Linux and on Apple platforms alike.
public enum ReferenceOwnership: String, Sendable, Hashable, Codable {
  /// An ordinary stored reference: it keeps its object alive.
  case strong
  /// `weak var`: it becomes `nil` when its object is released, and keeps nothing alive.
  case weak
  /// `unowned` or `unowned(unsafe)`: it keeps nothing alive either.
  case unowned

  /// Whether a reference of this ownership keeps its object alive.
  public var holds: Bool { self == .strong }

  /// The stored properties of `type` (a class, with its superclasses' properties, or a struct)
  /// that are not strong, by their stored names; computed once per type.
  static func nonStrongFields(of type: Any.Type) -> [String: ReferenceOwnership] {
    cache.value(for: ObjectIdentifier(type)) { _ in
      var fields: [String: ReferenceOwnership] = [:]
      let count = runtimeFieldCount(type)
      for index in 0..<max(0, count) {
        var metadata = RuntimeFieldMetadata()
        let fieldType = runtimeFieldMetadata(type, index: index, fieldMetadata: &metadata)
        let name = metadata.name.map { String(cString: $0) }
        if let free = metadata.freeFunc { free(metadata.name) }
        guard let name, !metadata.isStrong else { continue }
        // `weak` is always optional; `unowned` is usually not (an optional `unowned` shows as
        // weak).
        fields[name] =
          _typeName(fieldType, qualified: true).hasPrefix("Swift.Optional<")
          ? .weak : .unowned
      }
      return fields
    }
  }

  private static let cache = OnceCache<ObjectIdentifier, [String: ReferenceOwnership]>()
}

/// A value computed once per key (a type, a property's name), behind a pthread mutex: walks on
/// several threads at once (parallel tests) share it, and the thread sanitizer sees a pthread
/// mutex order their accesses (a contended `Synchronization.Mutex` waits on a futex it does not
/// see, and is reported as a race). Two threads may both make a missing value; they make the same.
final class OnceCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var values: [Key: Value] = [:]

  init() { pthread_mutex_init(mutex, nil) }

  /// The value for `key`, made by `make` the first time.
  func value(for key: Key, make: (Key) -> Value) -> Value {
    pthread_mutex_lock(mutex)
    let known = values[key]
    pthread_mutex_unlock(mutex)
    if let known { return known }
    let made = make(key)
    pthread_mutex_lock(mutex)
    values[key] = made
    pthread_mutex_unlock(mutex)
    return made
  }
}
