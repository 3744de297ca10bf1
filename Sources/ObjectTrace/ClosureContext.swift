#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a closure holds: the values its context captured, read from the runtime's own
/// description of that context.
///
/// A Swift closure is two words: the code, and a reference-counted context (none when it
/// captures nothing). The compiler describes each context's layout in a capture descriptor,
/// which the context's metadata points to and which the Swift reflection library reads
/// (swiftlang/swift at `swift-6.3.1-RELEASE`: `include/swift/ABI/Metadata.h`,
/// `TargetHeapLocalVariableMetadata`; `include/swift/RemoteInspection/Records.h`,
/// `CaptureDescriptor` and `CaptureTypeRecord`; the offsets as
/// `stdlib/public/RemoteInspection/TypeLowering.cpp` lays out a closure context: each capture
/// after the one before, aligned, from `OffsetToFirstCapture`). Three shapes occur:
///
/// - a context that is itself an object: a closure that captures exactly one object strongly
///   (`{ [cart] in … }`, or `self` alone) uses that object as its context, with no box;
/// - a closure context (`MetadataKind::HeapLocalVariable`): each capture's type is a mangled
///   name; `[weak x]` is mangled with `Xw`, `[unowned x]` with `Xo`, `unowned(unsafe)` with `Xu`,
///   a captured `var` is a box (`Xx`) holding the variable, and a closure that wraps another one
///   (a reabstraction thunk, made when a closure is stored in an array) captures it as a SIL
///   function type (`…I…_`);
/// - a box of a generic type (`MetadataKind::HeapGenericLocalVariable`), whose metadata names
///   the boxed type.
///
/// What cannot be read is said, never guessed: a generic closure (its captures' types depend on
/// metadata the context carries), a type the runtime cannot find by its name, a noncopyable
/// value, a task's context, and a closure whose code the runtime's lookup function could not be
/// found for (a statically linked standard library without its symbols exported).
enum ClosureContext {
  /// One value a closure captured.
  enum Capture {
    /// Held strongly: an object, or a value (a struct, an optional, another closure) whose
    /// references the walk looks into.
    case strong(Any)
    /// `[weak x]`: holds nothing; the object when it is still alive.
    case weak(AnyObject?)
    /// `[unowned x]` or `unowned(unsafe)`: holds nothing. An `unowned` capture of a Swift class's
    /// instance is read while the object lives (the reference keeps its memory until it goes, so
    /// asking is safe); `unowned(unsafe)` never is, nor any on Apple platforms, where the
    /// reference may be an Objective-C one.
    case unowned(AnyObject?, isUnsafe: Bool)
    /// What could not be read, and why, in a phrase: `a generic closure's captures`.
    case unreadable(String)
  }

  /// The most captures one closure is read for, and the deepest nesting of closures, boxes and
  /// thunks followed from it: a closure of 10,000 captures, or one that captures itself through
  /// a box, is read that far and no further.
  static let maximumCaptures = ObjectGraph.maximumElements
  static let maximumNesting = 8

  /// The captures of `value`, a closure (a value of a function type), in the context's order;
  /// empty when it captures nothing.
  static func captures(of value: Any) -> [Capture] {
    // A closure stored in a property of type `Any` (Swinject's `factory`) arrives as an `Any`
    // inside the `Any`: opened until the function itself.
    var value = value
    func inner<Wrapped>(_ wrapped: Wrapped) -> Any? {
      Wrapped.self == Any.self ? unsafeBitCast(wrapped, to: Any.self) : nil
    }
    for _ in 0..<4 {
      guard let unwrapped = _openExistential(value, do: inner) else { break }
      value = unwrapped
    }
    func context<Function>(_ function: Function) -> UnsafeRawPointer?? {
      switch convention(of: Function.self) {
      // A Swift function value is the code and its context.
      case 0 where MemoryLayout<Function>.size == 2 * pointerSize:
        return withUnsafeBytes(of: function) { words in
          .some(
            UnsafeRawPointer(bitPattern: words.load(fromByteOffset: pointerSize, as: UInt.self)))
        }
      // A thin function or a C function pointer is code alone: it captures nothing.
      case 2, 3: return .some(nil)
      // A block (`@convention(block)`) is an Objective-C object with a layout of its own.
      default: return .none
      }
    }
    guard let found = _openExistential(value, do: context) else {
      return [.unreadable("a block's captures")]
    }
    guard let context = found else { return [] }
    var reading = Reading()
    reading.read(context: context, nesting: 0)
    return reading.captures
  }

  // MARK: - Reading one closure

  /// The captures found so far, and the contexts already read (a closure that captures itself
  /// through a box is read once).
  private struct Reading {
    var captures: [Capture] = []
    var seen: Set<UnsafeRawPointer> = []

    mutating func read(context: UnsafeRawPointer, nesting: Int) {
      guard captures.count < maximumCaptures, seen.insert(context).inserted else { return }
      guard nesting < maximumNesting else {
        captures.append(.unreadable("captures nested more than \(maximumNesting) closures deep"))
        return
      }
      let metadata = context.load(as: UnsafeRawPointer.self)
      switch layout(ofContextWith: metadata) {
      case .object:
        let object = Unmanaged<AnyObject>.fromOpaque(context).takeUnretainedValue()
        // An array captured alone is its buffer: one reference, used as the context.
        captures.append(
          .strong(isArrayOfObjects(object) ? unsafeBitCast(object, to: [AnyObject].self) : object))
      case .genericBox(let type, let offset):
        readValue(of: type, at: context + offset)
      case .unreadable(let reason):
        captures.append(.unreadable(reason))
      case .fields(let fields, let unreadable):
        for field in fields {
          guard captures.count < maximumCaptures else {
            captures.append(.unreadable("captures past the first \(maximumCaptures)"))
            return
          }
          let address = context + field.offset
          switch field.kind {
          case .value(let type): readValue(of: type, at: address)
          case .weak: captures.append(.weak(loadWeak(address)))
          case .unowned(let isUnsafe, let isClass):
            captures.append(
              .unowned(isUnsafe || !isClass ? nil : loadUnowned(address), isUnsafe: isUnsafe))
          case .box:
            if let box = address.load(as: UnsafeRawPointer?.self) {
              read(context: box, nesting: nesting + 1)
            }
          case .function(let isOptional):
            // A function is its code, then its context; an optional one with no code is `nil`.
            if isOptional, address.load(as: UInt.self) == 0 { continue }
            if let inner = address.load(fromByteOffset: pointerSize, as: UnsafeRawPointer?.self) {
              read(context: inner, nesting: nesting + 1)
            }
          }
        }
        if let unreadable { captures.append(.unreadable(unreadable)) }
      }
    }

    /// The value of `type` stored at `address`, copied out.
    private mutating func readValue(of type: Any.Type, at address: UnsafeRawPointer) {
      func copy<Value>(_: Value.Type) -> Any { address.assumingMemoryBound(to: Value.self).pointee }
      captures.append(.strong(_openExistential(type, do: copy)))
    }
  }

  // MARK: - Layouts, one per context's metadata

  /// How a kind of context stores its captures.
  private enum Layout: @unchecked Sendable {
    // Unchecked: the metatypes are immutable and safe to share.
    /// The context is the one captured object.
    case object
    /// A generic box: one value of `type`, `offset` bytes in.
    case genericBox(Any.Type, offset: Int)
    /// A closure context's captures; `unreadable` says why the rest, if any, cannot be read.
    case fields([Field], unreadable: String?)
    /// Nothing can be read, for this reason.
    case unreadable(String)
  }

  /// One capture of a closure context.
  private struct Field {
    enum Kind {
      case value(Any.Type)
      case weak
      case unowned(isUnsafe: Bool, isClass: Bool)
      /// A captured `var`: a pointer to the box that holds it.
      case box
      /// A Swift function (code and context), optional or not.
      case function(isOptional: Bool)
    }
    let offset: Int
    let kind: Kind
  }

  private static let layouts = OnceCache<UInt, Layout>()

  /// The layout of a context whose metadata is `metadata`, found once per metadata.
  private static func layout(ofContextWith metadata: UnsafeRawPointer) -> Layout {
    layouts.value(for: UInt(bitPattern: metadata)) { _ in
      let kind = metadata.load(as: UInt.self)
      switch kind {
      // A class: `MetadataKind::Class` (0), or an Objective-C isa pointer past the last kind.
      case 0, 0x800...: return .object
      case heapLocalVariableKind: return fields(ofContextWith: metadata)
      case heapGenericLocalVariableKind:
        // `GenericBoxHeapMetadata`: the kind, the offset of the value, the boxed type.
        let offset = Int(metadata.load(fromByteOffset: pointerSize, as: UInt32.self))
        let type = metadata.load(fromByteOffset: 2 * pointerSize, as: Any.Type.self)
        return isCopyable(type)
          ? .genericBox(type, offset: offset) : .unreadable("a noncopyable value")
      case taskKind: return .unreadable("a task's context")
      default: return .unreadable("a context of an unknown kind")
      }
    }
  }

  /// `MetadataKind::HeapLocalVariable`, `HeapGenericLocalVariable` and `Task`
  /// (`include/swift/ABI/MetadataKind.def`: 0, 0 and 2, each with `MetadataKindIsNonType`, and
  /// the last two with `MetadataKindIsRuntimePrivate`).
  private static let heapLocalVariableKind: UInt = 0x400
  private static let heapGenericLocalVariableKind: UInt = 0x500
  private static let taskKind: UInt = 0x502

  /// The captures of a closure context, from its capture descriptor.
  private static func fields(ofContextWith metadata: UnsafeRawPointer) -> Layout {
    // `TargetHeapLocalVariableMetadata`: the kind, `OffsetToFirstCapture` (32 bits), then
    // `CaptureDescription`.
    let first = Int(metadata.load(fromByteOffset: pointerSize, as: UInt32.self))
    guard
      let descriptor = metadata.load(fromByteOffset: 2 * pointerSize, as: UnsafeRawPointer?.self)
    else { return .unreadable("a closure context without a capture descriptor") }
    // `CaptureDescriptor`: how many capture types, metadata sources and bindings, then the
    // capture type records, each a 32-bit relative pointer to a mangled type name.
    let typeCount = Int(descriptor.load(as: UInt32.self))
    let sourceCount = Int(descriptor.load(fromByteOffset: 4, as: UInt32.self))
    let bindingCount = Int(descriptor.load(fromByteOffset: 8, as: UInt32.self))
    // A generic closure's context starts with the generic arguments it needs (its bindings, a
    // pointer each). A capture whose type depends on them cannot be looked up by name alone,
    // except a closure's, whose size does not depend on them: a thunk that converts a generic
    // closure (`(Container) -> Service` stored as `(Container) -> Any`) captures one.
    let isGeneric = sourceCount > 0 || bindingCount > 0
    guard let lookUp = typeByMangledName else {
      return .unreadable("captures (the runtime's type lookup is not exported)")
    }
    var fields: [Field] = []
    var offset = first + bindingCount * pointerSize
    for index in 0..<min(typeCount, maximumCaptures) {
      let record = descriptor + 12 + 4 * index
      let name = (record + Int(record.load(as: Int32.self))).assumingMemoryBound(to: UInt8.self)
      let mangled = MangledName(name)
      let kind: Field.Kind
      let size: Int
      let alignment: Int
      if mangled.endsWith("Xx") {
        (kind, size, alignment) = (.box, pointerSize, pointerSize)
      } else if let isOptional = mangled.swiftFunction {
        (kind, size, alignment) = (.function(isOptional: isOptional), 2 * pointerSize, pointerSize)
      } else if let found = lookUp(name, UInt(mangled.length), nil, nil) {
        let type = unsafeBitCast(found, to: Any.Type.self)
        guard isCopyable(type) else {
          return .fields(fields, unreadable: "a noncopyable capture and what follows it")
        }
        (size, alignment) = sizeAndAlignment(of: type)
        if mangled.endsWith("Xw") {
          kind = .weak
        } else if mangled.endsWith("Xo") || mangled.endsWith("Xu") {
          kind = .unowned(isUnsafe: mangled.endsWith("Xu"), isClass: type is AnyObject.Type)
        } else {
          kind = .value(type)
        }
      } else {
        return .fields(
          fields,
          unreadable: isGeneric
            ? "a generic closure's captures" : "a capture whose type the runtime cannot find")
      }
      offset = (offset + alignment - 1) & ~(alignment - 1)
      fields.append(Field(offset: offset, kind: kind))
      offset += size
    }
    let more = typeCount > maximumCaptures ? "captures past the first \(maximumCaptures)" : nil
    return .fields(fields, unreadable: more)
  }

  /// Whether `object` is the buffer of an array of class instances
  /// (`Swift._ContiguousArrayStorage<Element>`): then an `[AnyObject]` is that one reference.
  private static func isArrayOfObjects(_ object: AnyObject) -> Bool {
    arrayBuffers.value(for: ObjectIdentifier(type(of: object))) { _ in
      let name = _typeName(type(of: object), qualified: true)
      let prefix = "Swift._ContiguousArrayStorage<"
      guard name.hasPrefix(prefix), name.hasSuffix(">") else { return false }
      let element = String(name.dropFirst(prefix.count).dropLast())
      return element == "Swift.AnyObject" || _typeByName(element) is AnyObject.Type
    }
  }

  private static let arrayBuffers = OnceCache<ObjectIdentifier, Bool>()

  // MARK: - The runtime

  private static let pointerSize = MemoryLayout<UnsafeRawPointer>.size

  /// The calling convention of `type`, a function type: `FunctionMetadataConvention`
  /// (`include/swift/ABI/MetadataValues.h`: Swift 0, block 1, thin 2, C 3), bits 16-23 of
  /// `TargetFunctionTypeFlags`, the word after the kind of a `MetadataKind::Function` (0x302);
  /// -1 for a type that is not a function's.
  private static func convention(of type: Any.Type) -> Int {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    guard metadata.load(as: UInt.self) == 0x302 else { return -1 }
    let flags = metadata.load(fromByteOffset: pointerSize, as: UInt.self)
    return Int((flags >> 16) & 0xFF)
  }

  /// Whether values of `type` can be copied: `ValueWitnessFlags::IsNonCopyable` (0x800000) is
  /// clear in the value witness table, the word before the metadata.
  private static func isCopyable(_ type: Any.Type) -> Bool {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let witnesses = (metadata - pointerSize).load(as: UnsafeRawPointer.self)
    // Eight functions, then the size, the stride and the flags.
    let flags = witnesses.load(fromByteOffset: 10 * pointerSize, as: UInt32.self)
    return flags & 0x80_0000 == 0
  }

  private static func sizeAndAlignment(of type: Any.Type) -> (Int, Int) {
    func layout<Value>(_: Value.Type) -> (Int, Int) {
      (MemoryLayout<Value>.size, MemoryLayout<Value>.alignment)
    }
    return _openExistential(type, do: layout)
  }

  /// The object a native `weak` reference at `address` refers to, or `nil` once it is released.
  private static func loadWeak(_ address: UnsafeRawPointer) -> AnyObject? {
    guard let load = weakLoadStrong,
      let object = load(UnsafeMutableRawPointer(mutating: address))
    else { return nil }
    // The runtime returns it retained.
    return Unmanaged<AnyObject>.fromOpaque(object).takeRetainedValue()
  }

  /// The object a native `unowned` reference at `address` refers to, while it lives: the
  /// reference is the object's address, and `swift_tryRetain` retains it unless it is being
  /// released (`stdlib/public/runtime/HeapObject.cpp`: it returns the object, or null).
  private static func loadUnowned(_ address: UnsafeRawPointer) -> AnyObject? {
    #if canImport(Darwin)
      return nil
    #else
      guard let tryRetain, let object = address.load(as: UnsafeMutableRawPointer?.self),
        let retained = tryRetain(object)
      else { return nil }
      return Unmanaged<AnyObject>.fromOpaque(retained).takeRetainedValue()
    #endif
  }

  /// `swift_tryRetain`: the object, retained, or `nil` for one being released.
  private typealias TryRetain = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
  private static let tryRetain = symbol("swift_tryRetain", as: TryRetain.self)

  /// `swift_getTypeByMangledNameInContext`: the type a mangled name (with its symbolic
  /// references, which are relative to where the name is) names.
  private typealias TypeByMangledName =
    @convention(c) (
      UnsafePointer<UInt8>, UInt, UnsafeRawPointer?, UnsafeRawPointer?
    ) -> UnsafeRawPointer?
  /// `swift_weakLoadStrong` (`swift_unknownObjectWeakLoadStrong` where Objective-C objects may be
  /// weakly referenced too): the object, retained, or `nil`.
  private typealias WeakLoadStrong = @convention(c) (UnsafeMutableRawPointer) -> UnsafeRawPointer?

  // The runtime's functions, found by name: the compiler reserves their names for its own calls.
  // Each takes and returns only pointers and integers, which Swift's calling convention passes
  // as C's does.
  private static let typeByMangledName = symbol(
    "swift_getTypeByMangledNameInContext", as: TypeByMangledName.self)
  #if canImport(Darwin)
    private static let weakLoadStrong = symbol(
      "swift_unknownObjectWeakLoadStrong", as: WeakLoadStrong.self)
  #else
    private static let weakLoadStrong = symbol(
      "swift_weakLoadStrong", as: WeakLoadStrong.self)
  #endif

  private static func symbol<Function>(_ name: String, as _: Function.Type) -> Function? {
    guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
    return unsafeBitCast(address, to: Function.self)
  }
}

/// A mangled type name in a binary's reflection metadata: text with symbolic references (a
/// byte 1-23 and a 32-bit relative offset, or a byte 24-31 and a pointer) in it.
private struct MangledName {
  let bytes: UnsafePointer<UInt8>
  /// Its length in bytes, its symbolic references included.
  let length: Int
  /// Where the plain text after the last symbolic reference starts.
  let plainFrom: Int

  init(_ bytes: UnsafePointer<UInt8>) {
    self.bytes = bytes
    var index = 0
    var plainFrom = 0
    while bytes[index] != 0 {
      switch bytes[index] {
      case 1...0x17:
        index += 5
        plainFrom = index
      case 0x18...0x1F:
        index += 1 + MemoryLayout<UnsafeRawPointer>.size
        plainFrom = index
      default: index += 1
      }
    }
    length = index
    self.plainFrom = plainFrom
  }

  /// Whether the name's plain text ends with `suffix`: the outermost node of a mangling is last.
  func endsWith(_ suffix: String) -> Bool {
    let tail = Array(suffix.utf8)
    guard length - plainFrom >= tail.count else { return false }
    return tail.indices.allSatisfy { bytes[length - tail.count + $0] == tail[$0] }
  }

  /// Whether the name is a Swift function of two words (a SIL function type whose callee is
  /// guaranteed, owned or unowned, and not a block or a C function): `false` for a plain one,
  /// `true` for an optional one, `nil` for anything else.
  /// `impl-function-type ::= type* 'I' FUNC-ATTRIBUTES '_'` (`docs/ABI/Mangling.rst`).
  var swiftFunction: Bool? {
    let isOptional = endsWith("_Sg")
    guard isOptional || endsWith("_") else { return nil }
    let end = length - (isOptional ? 3 : 1)
    var start = end
    while start > plainFrom, bytes[start - 1] != UInt8(ascii: "I") {
      start -= 1
    }
    guard start > plainFrom else { return nil }
    var attributes = Array(UnsafeBufferPointer(start: bytes + start, count: end - start))
    if attributes.first == UInt8(ascii: "e") { attributes.removeFirst() }
    guard let callee = attributes.first, "gxy".utf8.contains(callee) else { return nil }
    if attributes.count > 1, "BC".utf8.contains(attributes[1]) { return nil }
    return isOptional
  }
}
