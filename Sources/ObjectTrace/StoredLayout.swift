/// Where a class keeps its stored properties, read once per type from the runtime's field
/// metadata, so that an instance's properties are read without a `Mirror`.
///
/// A mirror finds each property's type anew from its mangled name at every read, and that was
/// most of a walk's cost. The layout asks once per type: each stored property's name, type, byte
/// offset and whether it is strong. A strong property's storage is a value of its type, so it is
/// copied out as one; a `weak` or `unowned` one is read by the runtime function `Mirror` itself
/// reads children with (a `weak` reference is loaded through the runtime). A class with a custom
/// mirror has no layout, nor has one whose runtime metadata disagrees with its mirror.
struct StoredLayout: @unchecked Sendable {
  // Unchecked: `Any.Type` is a metatype, immutable and safe to share.

  /// One stored property.
  struct Property {
    /// Its name as the runtime stores it (`$__lazy_storage_$_viewModel` for a `lazy var`).
    let label: String
    /// Its type.
    let type: Any.Type
    /// Where its storage starts, in bytes from the start of the instance.
    let offset: Int
    /// Whether its storage is an ordinary strong value of `type`.
    let isStrong: Bool
    /// The class that declares it: `type`'s own or one of its superclasses.
    let declaringClass: AnyClass
    /// Its position among that class's own stored properties.
    let indexInClass: Int
  }

  /// The stored properties, the superclasses' first: the order of a mirror's children.
  let properties: [Property]

  /// The layout of `type`, checked against the stored properties of `instance` (one of its
  /// instances, read through its mirror); `nil` when the type has a custom mirror or the two
  /// disagree.
  static func of(_ type: AnyClass, instance: AnyObject) -> StoredLayout? {
    cache.value(for: ObjectIdentifier(type)) { _ in
      guard !(type is any CustomReflectable.Type) else { return nil }
      // Each class of the hierarchy, the root's first, with how many properties come before
      // its own: a property that is not strong is read from the class that declares it.
      var levels: [(type: AnyClass, start: Int)] = []
      var level: AnyClass? = type
      while let next = level {
        levels.insert((next, runtimeFieldCount(next)), at: 0)
        level = _getSuperclass(next)
      }
      var start = 0
      for index in levels.indices {
        let total = levels[index].start
        levels[index].start = start
        start = max(start, total)
      }
      let count = runtimeFieldCount(type)
      guard count >= 0 else { return nil }
      var properties: [Property] = []
      for index in 0..<count {
        var metadata = RuntimeFieldMetadata()
        let fieldType = runtimeFieldMetadata(type, index: index, fieldMetadata: &metadata)
        let label = metadata.name.map { String(cString: $0) }
        if let free = metadata.freeFunc { free(metadata.name) }
        let offset = runtimeFieldOffset(type, index: index)
        guard let label, offset > 0,
          let declaring = levels.last(where: { $0.start <= index }), index - declaring.start >= 0
        else { return nil }
        properties.append(
          Property(
            label: label, type: fieldType, offset: offset, isStrong: metadata.isStrong,
            declaringClass: declaring.type, indexInClass: index - declaring.start))
      }
      let layout = StoredLayout(properties: properties)
      // The same properties, in the same order, as the mirror shows, checked before anything is
      // read through the layout.
      let mirrored = ObjectGraph.storedChildren(of: Mirror(reflecting: instance))
      guard mirrored.map(\.label) == properties.map({ Optional($0.label) }) else { return nil }
      for (property, child) in zip(properties, mirrored) {
        if property.isStrong {
          // A property the mirror shows as `()` though its type is not `Void` is one it cannot
          // copy (a noncopyable one): not read here either.
          let shown = ObjectIdentifier(Swift.type(of: child.value))
          if shown == ObjectIdentifier(Void.self), ObjectIdentifier(property.type) != shown {
            return nil
          }
        } else if ObjectIdentifier(Swift.type(of: layout.value(of: property, in: instance)))
          != ObjectIdentifier(Swift.type(of: child.value))
        {
          return nil  // a `weak` or `unowned` one reads the same both ways
        }
      }
      return layout
    }
  }

  /// The stored properties of `object`, an instance of the type this layout was made for, as
  /// its mirror's children (with its superclasses') would list them.
  func children(of object: AnyObject) -> [Mirror.Child] {
    properties.map { ($0.label, value(of: $0, in: object)) }
  }

  /// The value of `property` in `object`.
  private func value(of property: Property, in object: AnyObject) -> Any {
    guard property.isStrong else {
      // `weak` and `unowned` storage is not a value of the property's type: the runtime reads
      // it, as for a mirror.
      var name: UnsafePointer<CChar>? = nil
      var free: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
      let value = runtimeChild(
        of: object, type: property.declaringClass, index: property.indexInClass,
        outName: &name, outFreeFunc: &free)
      if let free { free(name) }
      return value
    }
    let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    func read<Value>(_: Value.Type) -> Any {
      (base + property.offset).assumingMemoryBound(to: Value.self).pointee
    }
    return _openExistential(property.type, do: read)
  }

  private static let cache = OnceCache<ObjectIdentifier, StoredLayout?>()
}

// MARK: - The runtime's field metadata

// The four runtime functions below are the ones `Mirror` itself calls. Each is defined in
// swiftlang/swift `stdlib/public/runtime/ReflectionMirror.cpp` (read at commit 58d3e99, 2026) as
// `SWIFT_CC(swift) SWIFT_RUNTIME_STDLIB_API`, exported from the runtime since Swift 5.2 (macOS
// 10.15.4), and declared here as the standard library declares them for its own use in
// `stdlib/public/core/ReflectionMirror.swift` (`_getRecursiveChildCount`, `_getChildMetadata`,
// `_getChildOffset`, `_getChild`). The C++ comment above each definition gives that Swift
// signature; the one for `swift_reflectionMirror_subscript` returns `Any` indirectly, which is
// why it is generic over the value and returns `Any` here too.

/// The runtime's `_FieldReflectionMetadata` (stdlib/public/SwiftShims/swift/shims/Reflection.h).
struct RuntimeFieldMetadata {
  var name: UnsafePointer<CChar>? = nil
  var freeFunc: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
  var isStrong: Bool = false
  var isVar: Bool = false
}

/// The number of stored properties of a class (its superclasses' included) or a struct:
/// `swift_reflectionMirror_recursiveCount` (`ReflectionMirror.cpp`, `_getChildCount(_ type:)`).
@_silgen_name("swift_reflectionMirror_recursiveCount")
func runtimeFieldCount(_ type: Any.Type) -> Int

/// The `index`-th stored property's type, with its name and ownership in `fieldMetadata`:
/// `swift_reflectionMirror_recursiveChildMetadata`, which fills `isStrong` from the field's
/// reference ownership.
@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
func runtimeFieldMetadata(
  _ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<RuntimeFieldMetadata>
) -> Any.Type

/// The `index`-th stored property's offset in bytes from the start of an instance (or a value):
/// `swift_reflectionMirror_recursiveChildOffset`.
@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
func runtimeFieldOffset(_ type: Any.Type, index: Int) -> Int

/// The `index`-th stored property of `value`, an instance of the class `type` (not counting its
/// superclasses'), as a mirror reads it; its name in `outName`, to be freed by `outFreeFunc`:
/// `swift_reflectionMirror_subscript`, the function behind every `Mirror` child.
@_silgen_name("swift_reflectionMirror_subscript")
func runtimeChild<T>(
  of value: T, type: Any.Type, index: Int, outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
  outFreeFunc: UnsafeMutablePointer<(@convention(c) (UnsafePointer<CChar>?) -> Void)?>
) -> Any
