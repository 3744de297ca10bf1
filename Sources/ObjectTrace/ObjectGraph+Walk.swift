#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The walk: a stack of objects, each read once, its stored properties followed; and the names
// and facts of the types it meets, asked once per type.
extension ObjectGraph {
  // MARK: - Walking

  /// One object being walked: its stored properties, the one whose references are being
  /// followed, and what it has found so far. The walk keeps a stack of them instead of
  /// recursing, so a chain of any length (a list of 100,000 nodes) is walked without exhausting
  /// the thread's stack.
  struct Frame {
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
  mutating func visit(_ object: AnyObject, depth: Int) -> Int {
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
  mutating func enter(_ object: AnyObject, depth: Int) -> (key: Int, frame: Frame?) {
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
  static let toolchainModules: Set<String> = [
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
  package static func describe(_ type: Any.Type) -> String {
    typeNames.value(for: ObjectIdentifier(type)) { _ in _typeName(type, qualified: false) }
  }

  /// The index of the ``Lifetime`` token among one instance's children: for a class with a
  /// custom mirror, whose children may differ from one instance to the next.
  static func tokenIndex(inInstance children: [Mirror.Child]) -> Int? {
    children.firstIndex { $0.value is Lifetime }
  }

  /// The index of the ``Lifetime`` token among a type's stored properties (`properties`, one
  /// instance's), by the properties' types, the same for every instance; `nil` for an untraced
  /// type.
  static func tokenIndex(inType properties: [Mirror.Child]) -> Int? {
    properties.firstIndex {
      let held = Swift.type(of: $0.value)
      return held == Lifetime.self || held == Lifetime?.self
    }
  }

  /// What is known of each type met so far: the runtime demangles a type's name anew at every
  /// ask, and a walk asks for each value it meets; likewise each property's name.
  static let typeNames = OnceCache<ObjectIdentifier, String>()
  static let ownTypes = OnceCache<ObjectIdentifier, Bool>()
  static let valueKinds = OnceCache<ObjectIdentifier, ValueKind>()
  static let secretNames = OnceCache<String, Bool>()
  static let unqualifiedNames = OnceCache<ObjectIdentifier, String>()
}
