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
    /// The stored closures and tasks whose captures could not all be read, and the collections
    /// longer than the walk looks into, each as its place and why: `onTap (a generic closure's
    /// captures)`, `books (only its first 200 of 1000 elements are walked)`.
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
  public internal(set) var nodes: [Node] = []
  /// The roots, in the order given.
  public internal(set) var roots: [Root] = []
  /// Whether the walk stopped at ``objectLimit`` or ``maximumDepth`` with objects left
  /// unwalked.
  public var isCut: Bool { stop != nil }
  /// Where the walk stopped when it ``isCut``: the first object it met and did not walk into,
  /// and whether ``objectLimit`` (rather than ``maximumDepth``) stopped it there.
  public internal(set) var stop: (node: Int, atObjectLimit: Bool)?
  /// The most objects this walk visits.
  public let objectLimit: Int
  /// Each node's first step on its retention path, found once when the walk ends: the node and
  /// the property it is held through, or the root's index (`node` -1); `nil` when no chain of
  /// strong references reaches it. The path's text is made when asked for.
  var retentionSteps: [(node: Int, label: String, isCapture: Bool)?] = []

  let registry: LifetimeRegistry?
  /// What this walk learned of the types it met: asked before the process-wide caches, which
  /// take a lock (one walk runs on one thread).
  let known = KnownTypes()
  var keyByIdentity: [ObjectIdentifier: Int] = [:]
  /// Keeps the walked objects alive while the walk runs, so an identity is never reused.
  var retained: [AnyObject] = []

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
  package func node(of object: AnyObject) -> Int? { keyByIdentity[ObjectIdentifier(object)] }
}
