import Foundation
import Testing

@testable import ObjectTrace

/// The walk reads an object's stored properties from its class's layout, not through a mirror:
/// for every shape a class can take, what it reads is what the mirror reads.
@Suite struct StoredLayoutTests {
  /// What a value is, comparably: an object by its identity, anything else by its text.
  private static func describe(_ value: Any) -> String {
    if type(of: value) is AnyObject.Type {
      return "object \(ObjectIdentifier(value as AnyObject).hashValue)"
    }
    return "\(type(of: value)) \(String(describing: value))"
  }

  /// The stored properties of `object` through its mirrors, its superclasses' first.
  private static func mirrored(_ object: AnyObject) -> [Mirror.Child] {
    var levels = [Mirror(reflecting: object)]
    while let superclass = levels[levels.count - 1].superclassMirror { levels.append(superclass) }
    return levels.reversed().flatMap { Array($0.children) }
  }

  @Test(arguments: Shape.allCases)
  func aLayoutReadsWhatTheMirrorReads(shape: Shape) throws {
    let (object, keep) = shape.make()
    let layout = try #require(StoredLayout.of(type(of: object), instance: object))
    let read = layout.children(of: object)
    let mirrored = Self.mirrored(object)
    #expect(read.map(\.label) == mirrored.map(\.label))
    #expect(read.map { Self.describe($0.value) } == mirrored.map { Self.describe($0.value) })
    withExtendedLifetime(keep) {}
  }

  /// A class with a custom mirror is read through it, instance by instance.
  @Test func aClassWithACustomMirrorHasNoLayout() {
    let object = Mirrored()
    #expect(StoredLayout.of(Mirrored.self, instance: object) == nil)
  }

  /// A `weak` reference whose object is gone reads as `nil`, as through a mirror.
  @Test func aWeakReferenceToAReleasedObjectReadsAsNil() throws {
    let owner = Owner()
    let leaf = Leaf(owner: owner)
    do {
      let passing = Owner()
      leaf.parent = passing
    }  // `passing` is released here: only the weak reference saw it
    let layout = try #require(StoredLayout.of(Leaf.self, instance: leaf))
    let parent = try #require(layout.children(of: leaf).first { $0.label == "parent" })
    #expect(Self.describe(parent.value) == "Optional<Owner> nil")
    withExtendedLifetime(owner) {}
  }

  /// A class's optional and array are read as references without a mirror; a class-bound
  /// existential's (a reference and a witness table) is not, and is read through the mirror.
  @Test func onlyAClassesOptionalsAndArraysAreReadAsReferences() {
    #expect(ObjectGraph.kind(of: Owner?.none as Any) == .optionalObject)
    #expect(ObjectGraph.kind(of: [Owner]() as Any) == .objectArray)
    #expect(ObjectGraph.kind(of: (any Delegate)?.none as Any) == .other)
    #expect(ObjectGraph.kind(of: [any Delegate]() as Any) == .other)
    #expect(ObjectGraph.kind(of: Int?.none as Any) == .other)
  }

  /// An array of objects is looked into as far as any collection is.
  @Test func anArrayOfObjectsIsCutAtTheElementLimit() throws {
    let crowd = Crowd(members: (0..<(ObjectGraph.maximumElements + 50)).map { _ in Owner() })
    let graph = ObjectGraph(roots: [("crowd", crowd, false)], registry: LifetimeRegistry())
    #expect(graph.nodes[0].links.count == ObjectGraph.maximumElements)
  }

  /// A value wrapped in another existential (a property of type `Any`, an `any Error`) is read
  /// through the mirror, never bit-cast in place: the walk finds its objects and does not trap.
  @Test func valuesInsideAnotherExistentialAreWalkedSafely() throws {
    let owner = Owner()
    let other = Owner()
    let bag = Bag(
      payload: [owner], maybe: Optional(other) as Any, error: NSError(domain: "test", code: 1))
    let graph = ObjectGraph(roots: [("bag", bag, false)], registry: LifetimeRegistry())
    let links = graph.nodes[0].links.compactMap { link -> String? in
      guard case .node(let target) = link.target else { return nil }
      return "\(link.label)→\(graph.nodes[target].typeName)"
    }
    #expect(links.prefix(2) == ["payload[0]→Owner", "maybe→Owner"])
    // The error is walked where bridging gives the object itself (an `NSError` on Apple
    // platforms); where it gives a box (Linux), the box is not the object and is left out.
    #expect(links.dropFirst(2).allSatisfy { $0 == "error→NSError" })
    withExtendedLifetime((owner, other)) {}
  }

  /// Strings are quoted as Swift writes them in code, whatever they hold.
  @Test(arguments: [
    "plain", "", "it's", #"a "quote""#, #"back\slash"#, "tab\tand\nnewline", "한국어", "é",
    "\u{7F}", "\u{0}", "~{}|`",
  ])
  func aStringIsQuotedAsSwiftWritesIt(string: String) {
    #expect(ObjectGraph.quoted(string) == String(reflecting: string))
  }
}

// MARK: - The shapes a class can take

extension StoredLayoutTests {
  enum Shape: CaseIterable, CustomTestStringConvertible {
    case plain, inherited, weakAndUnowned, valuesHoldingReferences, generic, closures

    var testDescription: String { "\(self)" }

    /// An instance of the shape, and what must outlive the read (what it refers to without
    /// holding).
    func make() -> (AnyObject, [AnyObject]) {
      let owner = Owner()
      switch self {
      case .plain:
        return (Owner(), [])
      case .inherited:
        let leaf = Leaf(owner: owner)
        leaf.parent = owner
        return (leaf, [owner])
      case .weakAndUnowned:
        let watcher = Watcher(owner: owner)
        watcher.delegate = owner
        return (watcher, [owner])
      case .valuesHoldingReferences:
        return (Holder(owner: owner), [])
      case .generic:
        return (Box(value: [owner]), [])
      case .closures:
        return (Factory(), [])
      }
    }
  }

  protocol Delegate: AnyObject {}

  final class Owner: Delegate {
    var name = "owner"
  }

  /// A root class, a middle class with no stored properties, and a leaf.
  class Base {
    var count = 1
    weak var parent: Owner?
  }

  class Middle: Base {}

  final class Leaf: Middle {
    let title = "leaf"
    unowned let owner: Owner
    lazy var summary = "\(title) of \(owner.name)"

    init(owner: Owner) { self.owner = owner }
  }

  final class Watcher {
    weak var delegate: (any Delegate)?
    unowned(unsafe) let unsafeOwner: Owner
    unowned var owner: Owner
    var nothing: Owner?

    init(owner: Owner) {
      unsafeOwner = owner
      self.owner = owner
    }
  }

  struct WeakBox {
    weak var owner: Owner?
  }

  enum Tag {
    case none
    case owned(Owner, Int)
  }

  final class Holder {
    let optional: Owner?
    let existential: any Delegate
    let objects: [AnyObject]
    let box: WeakBox
    let tag: Tag
    let pair: (Owner, String)
    let table: [String: Owner]

    init(owner: Owner) {
      optional = owner
      existential = owner
      objects = [owner, Owner()]
      box = WeakBox(owner: owner)
      tag = .owned(owner, 2)
      pair = (owner, "p")
      table = ["a": owner]
    }
  }

  final class Box<Value> {
    let value: Value
    let extra: Value?

    init(value: Value) {
      self.value = value
      extra = nil
    }
  }

  final class Factory {
    let make: () -> Owner = { Owner() }
    var onChange: ((Int) -> Void)?
  }

  final class Bag {
    let payload: Any
    let maybe: Any
    let error: (any Error)?

    init(payload: Any, maybe: Any, error: (any Error)?) {
      self.payload = payload
      self.maybe = maybe
      self.error = error
    }
  }

  final class Crowd {
    let members: [Owner]

    init(members: [Owner]) { self.members = members }
  }

  final class Mirrored: CustomReflectable {
    var customMirror: Mirror { Mirror(self, children: ["shown": 1]) }
  }
}
