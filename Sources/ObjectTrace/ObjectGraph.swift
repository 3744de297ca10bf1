#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The objects reachable from some roots, read from their stored properties through reflection.
///
/// Nothing here is declared by hand: an edge exists because an object's stored property (or a
/// value inside it — an optional, an enum payload, an array, a struct, an existential) refers to
/// another object, and whether that reference is strong, `weak` or `unowned` is read from the
/// runtime's field metadata (``ReferenceOwnership``). Every class instance of the workbook's or
/// the learner's own types is walked into, whether or not it stores a ``Lifetime`` (one that does
/// not is registered as untraced, so it still gets an id and a release); instances of the
/// toolchain's types (`URLSession`, the standard library's) are opaque leaves; closures are shown
/// as factories.
///
/// The walk is bounded, so a runaway graph cannot hang or exhaust it: at most
/// ``objectLimit`` objects (``maximumObjects`` unless the walk is given another), chains of
/// objects ``maximumDepth`` long, values looked into
/// ``maximumValueDepth`` levels deep, and at most ``maximumElements`` elements or fields of any
/// one value.
public struct ObjectGraph {
  /// The most objects a walk visits unless it is given another limit; past it, further objects
  /// are not walked. A chapter's story stays far below it.
  public static let maximumObjects = 2_000
  /// How long a chain of objects one walk follows from a root.
  public static let maximumDepth = 100_000
  /// How many levels of nested values (structs, enums, collections) one stored property is
  /// looked into for references and rendered.
  public static let maximumValueDepth = 8
  /// How many elements of a collection (or fields of a value) are looked at.
  public static let maximumElements = 200
  /// How many characters of one rendered value are shown.
  public static let maximumValueLength = 400

  /// One object in the graph.
  public struct Node {
    /// The object's registry record: from its ``Lifetime`` token, or registered as untraced
    /// (``LifetimeRegistry/Record/isTraced`` is false); `nil` for an instance of a toolchain type
    /// (an opaque leaf), or when the walk has no registry.
    public let record: LifetimeRegistry.Record?
    /// The unqualified type name.
    public let typeName: String
    /// Whether the walk went into its stored properties: the workbook's and the learner's own
    /// types, not the toolchain's.
    public let isWalked: Bool
    /// Stored properties that hold plain values, rendered (secrets redacted).
    public internal(set) var fields: [Field] = []
    /// Stored references to objects and closures, in property order; what a stored closure
    /// captured follows the closure.
    public internal(set) var links: [Link] = []
    /// The stored closures and tasks whose captures could not all be read, each as its place
    /// and why: `onTap (a generic closure's captures)`.
    public internal(set) var unreadableCaptures: [String] = []
    /// The object itself, unretained: the graph never keeps anything alive, and forms no weak
    /// reference either. Valid only while the object is alive — while its registry record is.
    public let unretained: Unmanaged<AnyObject>

    /// `TypeName#n` for a registered object, the type name otherwise.
    public var id: String { record?.id ?? typeName }
    /// Whether it stores a ``Lifetime`` token.
    public var isTraced: Bool { record?.isTraced ?? false }
  }

  /// A stored property holding a plain value.
  public struct Field: Hashable, Sendable, Codable {
    /// The property's name.
    public let label: String
    /// The value as the trace prints it.
    public let text: String

    /// Creates a field.
    public init(label: String, text: String) {
      self.label = label
      self.text = text
    }
  }

  /// A stored reference from one object to another object or to a closure.
  public struct Link {
    /// The name of the holder's stored property.
    public let label: String
    /// What the property refers to.
    public let target: Target
    /// Whether the reference keeps its target alive.
    public let ownership: ReferenceOwnership
    /// Whether the reference is a closure's: the closure stored at ``label`` captured the target
    /// (the walk reads what a closure's context holds from the runtime's capture descriptors).
    public let isCapture: Bool

    /// Where the reference is, as findings name it: `Cell#1.onTap`, or `the closure in
    /// Cell#1.onTap` for what that closure captured.
    public func place(in holder: String) -> String {
      Self.place(holder: holder, label: label, isCapture: isCapture)
    }

    /// The property as a captive finding names it: `` `onTap` ``, or `` the closure in `onTap` ``.
    var quotedProperty: String { (isCapture ? Self.closurePlace : "") + "`\(label)`" }

    /// The reference as one step of a cycle: `Cell#1.onTap`, or `Cell#1.onTap (a closure)`.
    func step(from holder: String) -> String {
      "\(holder).\(label)" + (isCapture ? Self.closureStep : "")
    }

    /// What names a closure's capture in a holder's place, and in a cycle's step: the words
    /// the rules translate (`KooberRules`' Korean texts).
    package static let closurePlace = "the closure in "
    package static let closureStep = " (a closure)"

    /// `Holder#1.label`, or `the closure in Holder#1.label` for what that closure captured.
    package static func place(holder: String, label: String, isCapture: Bool) -> String {
      (isCapture ? closurePlace : "") + "\(holder).\(label)"
    }
  }

  /// The far end of a ``Link``.
  public enum Target: Equatable {
    /// Another node, by its index in ``ObjectGraph/nodes``.
    case node(Int)
    /// A closure, with its type, e.g. `(UserSession) -> SignedInViewController`.
    case factory(String)
  }

  /// A named entry point of the graph.
  public struct Root {
    /// How the root is named: a property of the app, or a global's name.
    public let label: String
    /// The node it refers to.
    public let node: Int
    /// Whether this root is a declared global variable.
    public let isGlobal: Bool
  }

  /// Every reachable object, in depth-first order of first discovery.
  public private(set) var nodes: [Node] = []
  /// The roots, in the order given.
  public private(set) var roots: [Root] = []
  /// Whether the walk stopped at ``objectLimit`` or ``maximumDepth`` with objects left
  /// unwalked.
  public var isCut: Bool { stop != nil }
  /// Where the walk stopped when it ``isCut``: the first object it met and did not walk into,
  /// and whether ``objectLimit`` (rather than ``maximumDepth``) stopped it there.
  public private(set) var stop: (node: Int, atObjectLimit: Bool)?
  /// The most objects this walk visits.
  public let objectLimit: Int
  /// Each node's first step on its retention path, found once when the walk ends: the node and
  /// the property it is held through, or the root's index (`node` -1); `nil` when no chain of
  /// strong references reaches it. The path's text is made when asked for.
  private var retentionSteps: [(node: Int, label: String, isCapture: Bool)?] = []

  private let registry: LifetimeRegistry?
  /// What this walk learned of the types it met: asked before the process-wide caches, which
  /// take a lock (one walk runs on one thread).
  private let known = KnownTypes()
  private var keyByIdentity: [ObjectIdentifier: Int] = [:]
  /// Keeps the walked objects alive while the walk runs, so an identity is never reused.
  private var retained: [AnyObject] = []

  /// Walks the graph from `roots`, visiting at most `objectLimit` objects; untraced objects are
  /// registered with `registry`.
  public init(
    roots: [(label: String, object: AnyObject, isGlobal: Bool)],
    registry: LifetimeRegistry? = LifetimeRegistry.current,
    objectLimit: Int = ObjectGraph.maximumObjects
  ) {
    self.registry = registry
    self.objectLimit = max(1, objectLimit)
    for root in roots {
      let node = visit(root.object, depth: 1)
      self.roots.append(Root(label: root.label, node: node, isGlobal: root.isGlobal))
    }
    retained.removeAll()
    retentionSteps = Self.retentionSteps(of: nodes, roots: self.roots)
  }

  /// The node of `object`, a live object, if the walk met it.
  func node(of object: AnyObject) -> Int? { keyByIdentity[ObjectIdentifier(object)] }

  /// How `node` is kept alive: the shortest chain of stored strong references from a root, as
  /// the root's name and the property names along it (`app.appContainer.signedInUserSession`);
  /// `nil` when no such chain exists (a cycle or something outside the walk keeps it, or
  /// nothing does).
  public func retentionPath(to node: Int) -> String? {
    var labels: [String] = []
    var at = node
    while let step = retentionSteps[at] {
      guard step.node >= 0 else {
        let root = roots[Int(step.label) ?? 0]
        labels.append(root.isGlobal ? "global \(root.label)" : root.label)
        return Self.collapsed(labels.reversed()).joined(separator: ".")
      }
      // A closure's capture on the way reads as the tree shows it, `factory (captured).values[…]`;
      // the last step needs no mark: the finding says "held by the closure in …".
      labels.append(step.label + (step.isCapture && at != node ? " (captured)" : ""))
      at = step.node
    }
    return nil
  }

  /// `labels` with each run of more than three equal ones written once with its count: a linked
  /// list's `head.next.next…` (5,000 of them) reads `head.(next ×4999)`.
  static func collapsed(_ labels: [String]) -> [String] {
    var result: [String] = []
    var index = 0
    while index < labels.count {
      var end = index + 1
      while end < labels.count, labels[end] == labels[index] { end += 1 }
      let run = end - index
      if run > 3 {
        result.append("(\(labels[index]) ×\(run))")
      } else {
        result += labels[index..<end]
      }
      index = end
    }
    return result
  }

  /// The nodes of the shortest chain of strong references from a root to `node`, the root's
  /// first and `node` last; `[node]` alone when no chain reaches it.
  func retentionChain(to node: Int) -> [Int] {
    var chain = [node]
    var at = node
    while let step = retentionSteps[at], step.node >= 0 {
      chain.append(step.node)
      at = step.node
    }
    return chain.reversed()
  }

  /// Every node's first step back toward a root, from one breadth-first walk of the strong
  /// references: what ``retentionPath(to:)`` follows.
  private static func retentionSteps(of nodes: [Node], roots: [Root])
    -> [(node: Int, label: String, isCapture: Bool)?]
  {
    var steps = [(node: Int, label: String, isCapture: Bool)?](repeating: nil, count: nodes.count)
    var queue: [Int] = []
    for (index, root) in roots.enumerated() where steps[root.node] == nil {
      steps[root.node] = (-1, String(index), false)
      queue.append(root.node)
    }
    var next = 0
    while next < queue.count {
      let key = queue[next]
      next += 1
      for link in nodes[key].links where link.ownership.holds {
        guard case .node(let target) = link.target, steps[target] == nil else { continue }
        steps[target] = (key, link.label, link.isCapture)
        queue.append(target)
      }
    }
    return steps
  }

  // MARK: - Walking

  /// One object being walked: its stored properties, the one whose references are being
  /// followed, and what it has found so far. The walk keeps a stack of them instead of
  /// recursing, so a chain of any length (a list of 100,000 nodes) is walked without exhausting
  /// the thread's stack.
  private struct Frame {
    let key: Int
    let depth: Int
    let children: [Mirror.Child]
    let facts: KnownTypes.Facts
    let tokenIndex: Int?
    var property = -1
    var label = ""
    var style: Mirror.DisplayStyle?
    var references: [Found] = []
    var next = 0
    var fields: [Field] = []
    var links: [Link] = []
    var unreadable: [String] = []
  }

  /// Walks from `object`, depth first in property order (the order ids are given in), and
  /// returns its node.
  private mutating func visit(_ object: AnyObject, depth: Int) -> Int {
    let (key, first) = enter(object, depth: depth)
    guard let first else { return key }
    var stack = [first]
    while let top = stack.indices.last {
      // The current property's next reference: an object is entered, and walked before the
      // next reference, as a recursive walk would.
      if stack[top].next < stack[top].references.count {
        let found = stack[top].references[stack[top].next]
        stack[top].next += 1
        let label = found.key.isEmpty ? stack[top].label : stack[top].label + found.key
        switch found.reference {
        case .object(let object):
          let (target, frame) = enter(object, depth: stack[top].depth + 1)
          stack[top].links.append(
            Link(
              label: label, target: .node(target), ownership: found.ownership,
              isCapture: found.isCapture))
          if let frame { stack.append(frame) }
        case .closure(let type):
          stack[top].links.append(
            Link(label: label, target: .factory(type), ownership: found.ownership, isCapture: false)
          )
        case .unreadable(let reason):
          stack[top].unreadable.append("\(label) (\(reason))")
        }
        continue
      }
      // The current property is done: a value holding references is drawn as links; an enum
      // also shows its case, and a value whose captures could not be read (a task) is shown as
      // a value. Its text names the objects its references reached, walked by now.
      if stack[top].property >= 0,
        stack[top].style == .enum || stack[top].references.allSatisfy({ $0.isUnreadable })
      {
        let label = stack[top].label
        let value = stack[top].children[stack[top].property].value
        stack[top].fields.append(Field(label: label, text: Self.cut(render(value, label: label))))
      }
      var index = stack[top].property + 1
      if index == stack[top].tokenIndex { index += 1 }
      if index < stack[top].children.count {
        let child = stack[top].children[index]
        let (label, ownership) = stack[top].facts.property(index, child)
        var references: [Found] = []
        let style = collectReferences(
          in: child.value, ownership: ownership, depth: 0, key: "", into: &references)
        stack[top].property = index
        stack[top].label = label
        stack[top].style = style
        stack[top].references = references
        stack[top].next = 0
        continue
      }
      let done = stack.removeLast()
      nodes[done.key].fields = done.fields
      nodes[done.key].links = done.links
      nodes[done.key].unreadableCaptures = done.unreadable
    }
    return key
  }

  /// Registers `object`, met `depth` references from a root, as a node: its key, and the frame
  /// that walks it when it is walked into (`nil` when it was met before, or is a leaf).
  private mutating func enter(_ object: AnyObject, depth: Int) -> (key: Int, frame: Frame?) {
    let identity = ObjectIdentifier(object)
    if let known = keyByIdentity[identity] { return (known, nil) }
    retained.append(object)
    let children =
      known.layout(of: object)?.children(of: object)
      ?? Self.storedChildren(of: Mirror(reflecting: object))
    let facts = known.facts(of: type(of: object), children: children)
    let tokenIndex =
      facts.properties == nil ? Self.tokenIndex(inInstance: children) : facts.tokenIndex
    let token = tokenIndex.flatMap { $0 < children.count ? children[$0].value as? Lifetime : nil }
    let typeName = facts.typeName
    let isOwn = token != nil || facts.isOwn
    let isWalked = isOwn && nodes.count < objectLimit && depth <= Self.maximumDepth
    if isOwn, !isWalked, stop == nil { stop = (nodes.count, nodes.count >= objectLimit) }
    let record =
      token?.record
      ?? (isOwn
        ? registry?.identify(object, typeName: typeName, role: facts.role)
        : nil)
    let key = nodes.count
    keyByIdentity[identity] = key
    nodes.append(
      Node(
        record: record, typeName: typeName, isWalked: isWalked,
        unretained: Unmanaged.passUnretained(object)))
    // A toolchain type, or past the walk's bounds: an opaque leaf.
    guard isWalked else { return (key, nil) }
    return (
      key,
      Frame(key: key, depth: depth, children: children, facts: facts, tokenIndex: tokenIndex)
    )
  }

  /// Where and why the walk stopped, in a phrase: `the walk stopped at its limit of 2000 objects,
  /// at Node#2001`; `nil` when it walked everything it reached.
  public var stopNote: String? {
    guard let stop else { return nil }
    let limit =
      stop.atObjectLimit
      ? "its limit of \(objectLimit) objects" : "\(Self.maximumDepth) references deep"
    return "the walk stopped at \(limit), at \(nodes[stop.node].id)"
  }

  /// The modules whose types are the toolchain's: their insides are not the lesson, and not
  /// deterministic (a `URLSession`'s state), so their instances are opaque leaves.
  private static let toolchainModules: Set<String> = [
    "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "FoundationNetworking", "FoundationXML", "CoreFoundation", "Dispatch", "Synchronization",
    "Observation", "ObjectTrace", "XCTest", "Testing", "Glibc", "Musl", "Darwin",
  ]

  /// Whether `type` is the workbook's or the learner's own (walked into), not the toolchain's.
  static func isOwnType(_ type: Any.Type) -> Bool {
    ownTypes.value(for: ObjectIdentifier(type)) { _ in
      isOwnTypeName(_typeName(type, qualified: true))
    }
  }

  /// Whether a qualified type name is of the workbook's or the learner's own types. A Swift
  /// type's name starts with its module; an Objective-C class's (Foundation's on macOS,
  /// `NSLock`) has none, or the importer's `__C`: neither is anyone's own.
  static func isOwnTypeName(_ name: String) -> Bool {
    guard let dot = name.firstIndex(of: ".") else { return false }
    let module = name[..<dot]
    return !module.hasPrefix("_") && !toolchainModules.contains(String(module))
  }

  /// The role an untraced object plays, judged by its type's name: the book names every
  /// dependency container `…Container`.
  static func guessedRole(of typeName: String) -> Lifetime.Role {
    typeName.hasSuffix("Container") ? .container : .object
  }

  /// The stored properties of an object, its superclasses' first.
  static func storedChildren(of mirror: Mirror) -> [Mirror.Child] {
    // Iterated, not indexed: a mirror's children are a type-erased collection, whose iterator
    // is the cheap way through.
    var children: [Mirror.Child] = []
    guard let superclass = mirror.superclassMirror else {
      for child in mirror.children { children.append(child) }
      return children
    }
    var levels = [mirror, superclass]
    while let next = levels[levels.count - 1].superclassMirror { levels.append(next) }
    for level in levels.reversed() {
      for child in level.children { children.append(child) }
    }
    return children
  }

  /// `lazy var viewModel` is stored as `$__lazy_storage_$_viewModel`; show the name the code uses.
  static func propertyName(_ label: String?) -> String {
    guard let label else { return "_" }
    let lazyPrefix = "$__lazy_storage_$_"
    return label.hasPrefix(lazyPrefix) ? String(label.dropFirst(lazyPrefix.count)) : label
  }

  static func typeName(of value: Any) -> String { typeName(ofType: type(of: value)) }

  /// `type`'s name, unqualified.
  static func typeName(ofType type: Any.Type) -> String {
    unqualifiedNames.value(for: ObjectIdentifier(type)) { _ in
      // Unqualified, as the JSON contract asks: a nested `Outer.Inner` is shown as `Inner`.
      let name = describe(type)
      return name.split(separator: ".").last.map(String.init) ?? name
    }
  }

  /// A type's name as `String(describing:)` prints it, e.g. `() -> OnboardingViewController`.
  ///
  /// `String(describing:)` first asks whether the metatype is `TextOutputStreamable`,
  /// `CustomStringConvertible` or `CustomDebugStringConvertible`, and the runtime answers each
  /// question for a new type by scanning every conformance the process has loaded. Over the
  /// story's 60-odd types those scans took a tenth of a chapter's run; this is the same name
  /// without them.
  static func describe(_ type: Any.Type) -> String {
    typeNames.value(for: ObjectIdentifier(type)) { _ in _typeName(type, qualified: false) }
  }

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

  /// The index of the ``Lifetime`` token among one instance's children: for a class with a
  /// custom mirror, whose children may differ from one instance to the next.
  private static func tokenIndex(inInstance children: [Mirror.Child]) -> Int? {
    children.firstIndex { $0.value is Lifetime }
  }

  /// The index of the ``Lifetime`` token among a type's stored properties (`properties`, one
  /// instance's), by the properties' types, the same for every instance; `nil` for an untraced
  /// type.
  fileprivate static func tokenIndex(inType properties: [Mirror.Child]) -> Int? {
    properties.firstIndex {
      let held = Swift.type(of: $0.value)
      return held == Lifetime.self || held == Lifetime?.self
    }
  }

  /// What is known of each type met so far: the runtime demangles a type's name anew at every
  /// ask, and a walk asks for each value it meets; likewise each property's name.
  private static let typeNames = OnceCache<ObjectIdentifier, String>()
  private static let ownTypes = OnceCache<ObjectIdentifier, Bool>()
  private static let valueKinds = OnceCache<ObjectIdentifier, ValueKind>()
  private static let secretNames = OnceCache<String, Bool>()
  private static let unqualifiedNames = OnceCache<ObjectIdentifier, String>()

  // MARK: - References inside a value

  private enum Reference {
    case object(AnyObject)
    case closure(String)
    /// What a closure captured that cannot be read, and why.
    case unreadable(String)
  }

  /// A reference found inside a value: what it is, how it is held, the keys that lead to it
  /// inside the value (`[MainViewModel]` for a dictionary's entry), and whether a closure in the
  /// value captured it.
  private struct Found {
    let reference: Reference
    let ownership: ReferenceOwnership
    let key: String
    var isCapture = false

    var isUnreadable: Bool {
      if case .unreadable = reference { true } else { false }
    }
  }

  /// Whether `value`, reflected by `mirror`, is a closure.
  private func isClosure(_ value: Any, mirror: Mirror) -> Bool {
    mirror.displayStyle == nil && known.kind(of: value) == .closure
  }

  /// Objects and closures inside `value` (stored with `ownership`), in order, each with its
  /// ownership and the keys that lead to it inside the value (`[MainViewModel]` for a
  /// dictionary's entry), without walking into the objects; after a closure, what it captured
  /// (`isCapture`, and strong only when the closure is held strongly). Returns the value's
  /// display style when it was looked at through a mirror (an enum's case is shown besides its
  /// references).
  @discardableResult
  private func collectReferences(
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
      guard looked < Self.maximumElements else { break }
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
  private static func object(in value: Any) -> AnyObject? {
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
  private static func optionalObject(in value: Any) -> AnyObject?? {
    let dynamicType = ObjectIdentifier(type(of: value))
    func reference<T>(_ value: T) -> AnyObject?? {
      guard ObjectIdentifier(T.self) == dynamicType else { return .none }
      return .some(unsafeBitCast(value, to: AnyObject?.self))
    }
    return _openExistential(value, do: reference)
  }

  /// The objects inside `value`, an ``ValueKind/objectArray``, in order; `nil` when the array is
  /// wrapped in another existential, for the mirror to read.
  private static func objects(in value: Any) -> [AnyObject]? {
    let dynamicType = ObjectIdentifier(type(of: value))
    func references<T>(_ value: T) -> [AnyObject]? {
      ObjectIdentifier(T.self) == dynamicType ? unsafeBitCast(value, to: [AnyObject].self) : nil
    }
    return _openExistential(value, do: references)
  }

  /// How many bytes a value of `type` takes.
  private static func size(of type: Any.Type) -> Int {
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(type, do: size)
  }

  /// The references in a dictionary's values, each under its key (`[MainViewModel]`), in the
  /// order of the keys: a dictionary's own order changes from run to run. A key that names no
  /// value of its own (an `ObjectIdentifier`, an object) shows as `?`; entries under equal keys
  /// keep the dictionary's order.
  private func keyedReferences(
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
  }

  /// A dictionary key as a label shows it: a string, a number or another plain value as Swift
  /// writes it, cut to 40 characters; `?` for an identity or an object, whose text would be an
  /// address.
  private static func keyText(_ key: Any) -> String {
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

  // MARK: - Rendering plain values

  /// Whether a property with this name holds a secret even when its type does not say so.
  static func isSecretName(_ label: String) -> Bool {
    secretNames.value(for: label) { label in
      let name = label.lowercased()
      return ["password", "token", "secret"].contains { name.contains($0) }
    }
  }

  private func render(_ value: Any, label: String? = nil, depth: Int = 0) -> String {
    if let label, known.isSecretName(label) { return Secret<String>.placeholder }
    switch known.kind(of: value) {
    case .redacted: return Secret<String>.placeholder
    case .string: if let string = value as? String { return Self.quoted(string) }
    case .scalar where type(of: value) == Int.self:
      if let int = value as? Int { return String(int) }
    case .url: if let url = value as? URL { return Self.stable(url) }
    case .data: if let data = value as? Data { return "\(data.count) bytes" }
    case .pointer: return "‹pointer›"
    case .scalar: return String(describing: value)
    case .optionalObject where Self.optionalObject(in: value).map { $0 == nil } == true:
      return "nil"
    case .objectArray where Self.objects(in: value)?.isEmpty == true: return "[]"
    case .object, .optionalObject, .objectArray, .closure, .task, .other: break
    }
    let mirror = Mirror(reflecting: value)
    guard depth < Self.maximumValueDepth || mirror.children.isEmpty else { return "…" }
    func inner(_ value: Any) -> String { render(value, depth: depth + 1) }
    switch mirror.displayStyle {
    case .class:
      let object = value as AnyObject
      return keyByIdentity[ObjectIdentifier(object)].map { nodes[$0].id }
        ?? Self.typeName(of: object)
    case .optional:
      return mirror.children.first.map { inner($0.value) } ?? "nil"
    case .enum:
      guard let payload = mirror.children.first else { return String(describing: value) }
      let caseName = payload.label ?? "?"
      let payloadMirror = Mirror(reflecting: payload.value)
      if payloadMirror.displayStyle == .tuple {
        return "\(caseName)(\(renderChildren(payloadMirror, depth: depth + 1)))"
      }
      return "\(caseName)(\(inner(payload.value)))"
    case .struct:
      return "\(Self.typeName(of: value))(\(renderChildren(mirror, depth: depth)))"
    case .tuple:
      return "(\(renderChildren(mirror, depth: depth)))"
    case .collection:
      return "[" + Self.bounded(mirror.children.lazy.map { inner($0.value) }) + "]"
    case .set:
      return "[" + Self.bounded(mirror.children.map { inner($0.value) }.sorted()) + "]"
    case .dictionary:
      let pairs = mirror.children.map { pair -> String in
        let parts = Array(Mirror(reflecting: pair.value).children)
        guard parts.count == 2 else { return inner(pair.value) }
        return "\(inner(parts[0].value)): \(inner(parts[1].value))"
      }
      return pairs.isEmpty ? "[:]" : "[" + Self.bounded(pairs.sorted()) + "]"
    default:
      return isClosure(value, mirror: mirror) ? "ƒ" : String(describing: value)
    }
  }

  /// `string` as Swift writes it in code, quoted and escaped (`String(reflecting:)`); a string of
  /// printable ASCII without quotes, apostrophes or backslashes, most of them, is only put in
  /// quotes.
  static func quoted(_ string: String) -> String {
    let plain = string.utf8.allSatisfy {
      $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x27 && $0 != 0x5C
    }
    return plain ? "\"" + string + "\"" : String(reflecting: string)
  }

  /// The first ``maximumElements`` texts, comma-separated, and how many more there are.
  private static func bounded(_ texts: some Sequence<String>) -> String {
    var shown: [String] = []
    var more = 0
    for text in texts {
      if shown.count < maximumElements { shown.append(text) } else { more += 1 }
    }
    return shown.joined(separator: ", ") + (more > 0 ? ", … \(more) more" : "")
  }

  /// `url` as the trace prints it: a loopback URL's ephemeral port (32768 and up) changes every
  /// run, so it prints as `‹port›` and two runs stay byte-identical.
  public static func stable(_ url: URL) -> String {
    guard let port = url.port, port >= 32_768, ["127.0.0.1", "localhost"].contains(url.host)
    else { return url.absoluteString }
    return url.absoluteString.replacing(":\(port)", with: ":‹port›", maxReplacements: 1)
  }

  private func renderChildren(_ mirror: Mirror, depth: Int) -> String {
    Self.bounded(
      mirror.children.lazy.map { child in
        let text = render(child.value, label: child.label, depth: depth + 1)
        guard let label = child.label, !label.hasPrefix(".") else { return text }
        return "\(label): \(text)"
      })
  }
}

/// What one walk learned of the types it met, in front of ``ObjectGraph``'s process-wide caches.
private final class KnownTypes {
  /// What a walk needs of a class.
  struct Facts {
    let typeName: String
    let isOwn: Bool
    let role: Lifetime.Role
    let tokenIndex: Int?
    let nonStrong: [String: ReferenceOwnership]
    /// Each stored property's name as the code spells it and its ownership, by position; `nil`
    /// for a class with a custom mirror, whose children may differ from one instance to the next.
    let properties: [(name: String, ownership: ReferenceOwnership)]?

    /// The name and ownership of `child`, the `index`-th stored property of an instance.
    func property(_ index: Int, _ child: Mirror.Child) -> (String, ReferenceOwnership) {
      if let properties, index < properties.count { return properties[index] }
      return (
        ObjectGraph.propertyName(child.label), child.label.flatMap { nonStrong[$0] } ?? .strong
      )
    }
  }

  private var kinds: [ObjectIdentifier: ObjectGraph.ValueKind] = [:]
  private var classes: [ObjectIdentifier: Facts] = [:]
  private var layouts: [ObjectIdentifier: StoredLayout?] = [:]
  private var secretLabels: [String: Bool] = [:]

  func kind(of value: Any) -> ObjectGraph.ValueKind {
    let key = ObjectIdentifier(type(of: value))
    if let known = kinds[key] { return known }
    let kind = ObjectGraph.kind(of: value)
    kinds[key] = kind
    return kind
  }

  /// The facts of `type`, whose instance's stored properties are `children`.
  func facts(of type: AnyObject.Type, children: [Mirror.Child]) -> Facts {
    let key = ObjectIdentifier(type)
    if let known = classes[key] { return known }
    let typeName = ObjectGraph.typeName(ofType: type)
    let nonStrong = ReferenceOwnership.nonStrongFields(of: type)
    // `@Observable` stores `carts` as `_carts`, and a property wrapper stores `name` as
    // `_name`: named as the code declares them. (Reflection cannot tell a wrapper's storage from
    // a property the code itself names `_name`; such a property is the storage of a `name` as
    // well, by Swift's convention.)
    func declaredName(_ child: Mirror.Child) -> String {
      let name = ObjectGraph.propertyName(child.label)
      guard name.hasPrefix("_"), !name.hasPrefix("__"), !name.hasPrefix("_$"), name.count > 1
      else { return name }
      return String(name.dropFirst())
    }
    let facts = Facts(
      typeName: typeName, isOwn: ObjectGraph.isOwnType(type),
      role: ObjectGraph.guessedRole(of: typeName),
      tokenIndex: ObjectGraph.tokenIndex(inType: children), nonStrong: nonStrong,
      properties: type is any CustomReflectable.Type
        ? nil
        : children.map { (declaredName($0), $0.label.flatMap { nonStrong[$0] } ?? .strong) })
    classes[key] = facts
    return facts
  }

  /// How `object`'s class stores its properties, when they can be read without a mirror.
  func layout(of object: AnyObject) -> StoredLayout? {
    let type: AnyClass = Swift.type(of: object)
    let key = ObjectIdentifier(type)
    if let known = layouts[key] { return known }
    // The toolchain's classes are opaque leaves, read through their mirrors as before.
    let layout = ObjectGraph.isOwnType(type) ? StoredLayout.of(type, instance: object) : nil
    layouts[key] = layout
    return layout
  }

  func isSecretName(_ label: String) -> Bool {
    if let known = secretLabels[label] { return known }
    let isSecret = ObjectGraph.isSecretName(label)
    secretLabels[label] = isSecret
    return isSecret
  }
}

/// An optional's wrapped type, asked once per type.
private protocol OptionalValue { static var wrappedType: Any.Type { get } }

extension Optional: OptionalValue {
  fileprivate static var wrappedType: Any.Type { Wrapped.self }
}

/// An array's element type, asked once per type.
private protocol ArrayValue { static var elementType: Any.Type { get } }

extension Array: ArrayValue {
  fileprivate static var elementType: Any.Type { Element.self }
}
