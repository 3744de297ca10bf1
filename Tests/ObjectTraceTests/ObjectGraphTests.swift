import Foundation
import Testing
import TracePictures

@testable import ObjectTrace
@testable import TraceFixtures

@Suite struct ObjectGraphTests {
  /// Builds a small graph inside a registry and returns the walked trace step.
  private func step(_ build: () -> AnyObject) -> Trace.Step {
    let registry = LifetimeRegistry()
    return LifetimeRegistry.$current.withValue(registry) {
      let garage = build()
      var tracer = Tracer(registry: registry)
      tracer.record(step: "look", screen: "-", roots: [Tracer.Root("root", garage)])
      return tracer.trace(chapter: 0, title: "t").steps[0]
    }
  }

  private func node(_ id: String, in step: Trace.Step) throws -> Trace.Node {
    try #require(step.nodes.first { $0.id == id })
  }

  /// A Swift type's qualified name starts with its module; an Objective-C class's has none
  /// (`NSLock` on macOS) or the importer's `__C`, and is never walked as the learner's own.
  @Test(arguments: [
    ("KooberKit.MainViewModel", true), ("Garage.Car", true), ("NSLock", false),
    ("__C.NSLock", false), ("Foundation.JSONEncoder", false), ("Swift.Array<Garage.Car>", false),
  ])
  func ownTypesAreThoseOfNoToolchainModule(name: String, isOwn: Bool) {
    #expect(ObjectGraph.isOwnTypeName(name) == isOwn)
  }

  @Test func existentialsOptionalsArraysAndEnumsAreWalkedToTheirObjects() throws {
    let step = step {
      let garage = Garage()
      let engine = Engine()
      garage.car = Car(
        engine: engine, spare: Engine(), passengers: [Passenger(name: "a"), Passenger(name: "b")],
        makeEngine: { Engine() })
      garage.car?.gear = .drive(engine)
      return garage
    }
    let edges = step.edges.filter { $0.from == "Car#1" }
    #expect(
      edges.map { "\($0.label)→\($0.to)" } == [
        "engine→Engine#1", "spare→Engine#2", "passengers[0]→Passenger#1",
        "passengers[1]→Passenger#2",
        "gear→Engine#1",
      ])
  }

  /// A dictionary's entries are labelled by their keys and walked in key order — whatever order
  /// the dictionary keeps, which changes from run to run — so a container's cache reads
  /// `instances[Engine]` in every run.
  @Test func aDictionarysEntriesAreLabelledByKeyInKeyOrder() throws {
    final class Cache {
      var instances: [String: AnyObject] = [:]
    }
    let step = step {
      let cache = Cache()
      for key in ["zeta", "alpha", "mu", "beta", "omega", "kappa", "delta", "gamma"] {
        cache.instances[key] = Engine()
      }
      return cache
    }
    let labels = step.edges.filter { $0.from == "Cache#1" }.map(\.label)
    #expect(
      labels == [
        "instances[alpha]", "instances[beta]", "instances[delta]", "instances[gamma]",
        "instances[kappa]", "instances[mu]", "instances[omega]", "instances[zeta]",
      ])
  }

  @Test func closuresAreShownAsFactories() throws {
    let step = step {
      let garage = Garage()
      garage.car = Car(engine: Engine(), spare: nil, passengers: [], makeEngine: { Engine() })
      return garage
    }
    let car = try node("Car#1", in: step)
    let factory = try #require(car.links.first { $0.label == "makeEngine" })
    #expect(factory.to == nil)
    #expect(factory.factory == "() -> Engine")
    #expect(car.fields.contains(ObjectGraph.Field(label: "spare", text: "nil")))
  }

  @Test func sharedObjectsAreOneNodeAndTextPrintsThemOnceThenAsBackReferences() throws {
    let step = step {
      let garage = Garage()
      let engine = Engine()
      garage.car = Car(engine: engine, spare: engine, passengers: [], makeEngine: { Engine() })
      return garage
    }
    #expect(step.nodes.filter { $0.id == "Engine#1" }.count == 1)
    let trace = Trace(chapter: 0, title: "t", steps: [step], objects: [])
    let text = TraceFormat.text.render(trace)
    #expect(text.contains("├─ engine: Engine#1 [app]"))
    #expect(text.contains("├─ spare → Engine#1"))
  }

  @Test func aLoopbackURLsEphemeralPortIsMasked() throws {
    let local = try #require(URL(string: "http://127.0.0.1:45123/"))
    #expect(ObjectGraph.stable(local) == "http://127.0.0.1:‹port›/")
    let named = try #require(URL(string: "http://localhost:51234/api"))
    #expect(ObjectGraph.stable(named) == "http://localhost:‹port›/api")
    let dev = try #require(URL(string: "http://localhost:8080/"))
    #expect(ObjectGraph.stable(dev) == "http://localhost:8080/")
    let remote = try #require(URL(string: "https://api.koober.example:40000/"))
    #expect(ObjectGraph.stable(remote) == "https://api.koober.example:40000/")
  }

  /// Plain strings whose names say they are secrets.
  final class Keyring {
    let lifetime = Lifetime(of: Keyring.self)
    let sessionToken = "tok-123"
    let clientSecret = "sec-456"
    let AdminPassword = "pw-789"
    let label = "shown"
  }

  @Test func plainStringsNamedLikeSecretsAreRedacted() throws {
    let step = step { Keyring() }
    let keyring = try node("Keyring#1", in: step)
    #expect(
      keyring.fields.map(\.text) == ["‹redacted›", "‹redacted›", "‹redacted›", "\"shown\""])
    let json = TraceFormat.json.render(Trace(chapter: 0, title: "t", steps: [step], objects: []))
    let text = TraceFormat.text.render(Trace(chapter: 0, title: "t", steps: [step], objects: []))
    for secret in ["tok-123", "sec-456", "pw-789"] {
      #expect(!text.contains(secret))
      #expect(!json.contains(secret))
    }
  }

  @Test func secretsAreRedactedByTypeAndByName() throws {
    let step = step {
      let garage = Garage()
      garage.car = Car(engine: Engine(), spare: nil, passengers: [], makeEngine: { Engine() })
      return garage
    }
    let car = try node("Car#1", in: step)
    #expect(car.fields.contains(ObjectGraph.Field(label: "password", text: "‹redacted›")))
    #expect(car.fields.contains(ObjectGraph.Field(label: "key", text: "‹redacted›")))
    let text = TraceFormat.text.render(Trace(chapter: 0, title: "t", steps: [step], objects: []))
    #expect(!text.contains("hunter2"))
    #expect(!text.contains("s3cr3t-key"))
    #expect("\(Secret("s3cr3t-key"))" == "‹redacted›")
    #expect(String(reflecting: Secret("s3cr3t-key")) == "‹redacted›")
  }

  @Test func plainValuesAreRendered() throws {
    let step = step {
      let garage = Garage()
      garage.car = Car(engine: Engine(), spare: nil, passengers: [], makeEngine: { Engine() })
      return garage
    }
    let engine = try node("Engine#1", in: step)
    #expect(engine.fields == [ObjectGraph.Field(label: "speed", text: "3")])
    let car = try node("Car#1", in: step)
    #expect(car.fields.contains(ObjectGraph.Field(label: "gear", text: "park")))
    #expect(car.fields.contains(ObjectGraph.Field(label: "passengers", text: "[]")))
  }

  @Test func lazyPropertiesShowTheNameTheCodeUses() throws {
    let step = step { Garage() }
    let garage = try node("Garage#1", in: step)
    #expect(garage.fields.contains(ObjectGraph.Field(label: "lazyStorage", text: "nil")))
    #expect(!garage.fields.contains { $0.label.hasPrefix("$") })
  }

  @Test func untracedObjectsOfOwnTypesAreWalkedAndNamed() throws {
    let step = step {
      let garage = Garage()
      garage.car = Car(
        engine: Engine(), spare: nil, passengers: [], makeEngine: { Engine() })
      return Holder(untraced: Untraced(), garage: garage)
    }
    let untraced = try node("Untraced#1", in: step)
    #expect(untraced.scope == "untraced")
    #expect(untraced.links.map(\.label) == ["secretInside"])
    #expect(untraced.fields.contains(ObjectGraph.Field(label: "password", text: "‹redacted›")))
    #expect(step.live.contains("Untraced#1"))
    #expect(step.created.contains("Untraced#1"))
    #expect(
      step.edges.contains {
        $0.from == "Holder#1" && $0.to == "Untraced#1" && $0.label == "untraced" && $0.holds
      })
  }

  @Test func toolchainObjectsAreOpaqueLeaves() throws {
    let step = step { ToolchainHolder() }
    let encoder = try node("JSONEncoder", in: step)
    #expect(encoder.scope == nil)
    #expect(encoder.links.isEmpty && encoder.fields.isEmpty)
    #expect(!step.live.contains { $0.hasPrefix("JSONEncoder") })
  }

  @Test func anUntracedObjectKeepsItsIdAcrossStepsAndItsReleaseIsSeen() {
    let registry = LifetimeRegistry()
    let trace = LifetimeRegistry.$current.withValue(registry) {
      var tracer = Tracer(registry: registry)
      let holder = Holder(untraced: Untraced(), garage: Garage())
      tracer.record(step: "one", screen: "-", roots: [Tracer.Root("h", holder)])
      tracer.record(step: "two", screen: "-", roots: [Tracer.Root("h", holder)])
      holder.untraced = Untraced()  // the first is released; a second takes its place
      tracer.record(step: "three", screen: "-", roots: [Tracer.Root("h", holder)])
      return tracer.trace(chapter: 0, title: "t")
    }
    #expect(trace.steps[0].created.contains("Untraced#1"))
    #expect(trace.steps[1].created.isEmpty && trace.steps[1].live.contains("Untraced#1"))
    #expect(trace.steps[2].released.contains("Untraced#1"))
    #expect(trace.steps[2].created.contains("Untraced#2"))
    #expect(!trace.steps[2].live.contains("Untraced#1"))
    #expect(
      trace.objects.contains {
        $0.id == "Untraced#2" && $0.type == "Untraced" && $0.scope == "untraced"
      })
  }

  @Test func theWalkKeepsNothingAlive() {
    let registry = LifetimeRegistry()
    weak var released: Untraced?
    LifetimeRegistry.$current.withValue(registry) {
      var tracer = Tracer(registry: registry)
      var holder: Holder? = Holder(untraced: Untraced(), garage: Garage())
      released = holder?.untraced
      tracer.record(step: "one", screen: "-", roots: [Tracer.Root("h", holder!)])
      holder = nil
      #expect(released == nil)
      tracer.record(step: "two", screen: "-", roots: [])
      #expect(tracer.trace(chapter: 0, title: "t").steps[1].released.contains("Untraced#1"))
    }
  }

  @Test func weakAndUnownedReferencesAreToldFromStrongOnes() throws {
    let step = step {
      let garage = Garage()
      let watcher = Watcher(owner: garage)
      let passenger = Passenger(name: "p")
      watcher.watched = passenger
      watcher.box.engine = watcher.engine
      garage.kept = passenger
      return Pair(first: garage, second: watcher)
    }
    let watcher = try node("Watcher#1", in: step)
    let ownership = Dictionary(
      watcher.links.map { ($0.label, $0.ownership) }, uniquingKeysWith: { first, _ in first })
    #expect(ownership["watched"] == .weak)
    #expect(ownership["owner"] == .unowned)
    #expect(ownership["box.engine"] == .weak)  // a weak field of a struct stored strongly
    #expect(ownership["depot"] == .strong)
    #expect(ownership["engine"] == .strong)
  }

  @Test func theWalkIsBounded() throws {
    let registry = LifetimeRegistry()
    LifetimeRegistry.$current.withValue(registry) {
      let hoard = Hoard()
      // 3,000 objects in 20 branches: more than one walk visits.
      hoard.branches = (0..<20).map { _ in Branch(items: (0..<150).map { _ in Untraced() }) }
      var chain = ChainLink()
      for _ in 0..<5_000 { chain = ChainLink(next: chain) }
      hoard.chain = chain
      hoard.numbers = Array(0..<10_000)
      var nested = Nested.leaf
      for _ in 0..<1_000 { nested = .node(nested) }
      hoard.nested = nested
      let graph = ObjectGraph(roots: [("hoard", hoard, false)], registry: registry)
      #expect(graph.isCut)
      #expect(graph.nodes.filter(\.isWalked).count <= ObjectGraph.maximumObjects)
      // A chain of 5,001 objects is walked whole when the limit allows: the walk keeps a stack
      // of its own instead of recursing, so no chain can overflow the thread's.
      let chainWalk = ObjectGraph(
        roots: [("chain", chain, false)], registry: registry, objectLimit: 10_000)
      #expect(!chainWalk.isCut)
      #expect(chainWalk.nodes.filter(\.isWalked).count == 5_001)
      // Let go of the chain a link at a time: releasing it whole would recurse 5,000 deep.
      hoard.chain = nil
      while let next = chain.next {
        chain.next = nil
        chain = next
      }
      let numbers = graph.nodes[0].fields.first { $0.label == "numbers" }?.text ?? ""
      #expect(numbers.hasSuffix("… (cut)"))
      let nestedText = graph.nodes[0].fields.first { $0.label == "nested" }?.text ?? ""
      #expect(nestedText.contains("…") && nestedText.count < 200)
    }
  }

  /// The walk goes into exactly `objectLimit` objects: the next is met, named and left
  /// unwalked, and only then is the graph cut. An opaque leaf of the toolchain is no cut.
  @Test func theWalkGoesIntoExactlyItsObjectLimit() {
    let registry = LifetimeRegistry()
    let chain = ChainLink(next: ChainLink(next: ChainLink()))  // three objects
    let fits = ObjectGraph(roots: [("chain", chain, false)], registry: registry, objectLimit: 3)
    #expect(fits.nodes.map(\.isWalked) == [true, true, true])
    #expect(!fits.isCut)
    let cut = ObjectGraph(roots: [("chain", chain, false)], registry: registry, objectLimit: 2)
    #expect(cut.nodes.map(\.isWalked) == [true, true, false])
    #expect(cut.isCut)
    let leaf = ObjectGraph(
      roots: [("holder", ToolchainHolder(), false)], registry: registry, objectLimit: 2)
    #expect(!leaf.isCut)  // its JSONEncoder is an opaque leaf, not an object left out
  }
}

/// Holds an untraced object and a garage.
final class Holder {
  let lifetime = Lifetime(of: Holder.self)
  var untraced: Untraced
  let garage: Garage

  init(untraced: Untraced, garage: Garage) {
    self.untraced = untraced
    self.garage = garage
  }
}

/// Two roots in one.
final class Pair {
  let lifetime = Lifetime(of: Pair.self)
  let first: AnyObject
  let second: AnyObject

  init(first: AnyObject, second: AnyObject) {
    self.first = first
    self.second = second
  }
}

/// Holds an instance of a toolchain type.
final class ToolchainHolder {
  let lifetime = Lifetime(of: ToolchainHolder.self)
  let encoder = JSONEncoder()
}

// MARK: - What the walk learns once per type

extension ObjectGraphTests {
  /// A class that stores a token in its superclass.
  class Vehicle {
    let lifetime = Lifetime(of: Vehicle.self)
  }

  final class Van: Vehicle {
    let load = 3
  }

  /// A class marked as a secret: never walked into, never shown.
  final class Vault: RedactedValue {
    let code = "1234"
  }

  final class Safe {
    let vault = Vault()
  }

  /// A value that wraps a pointer and an object: only the pointer is a pointer.
  struct Tagged<Tag> {
    let tag: Tag
    let engine: Engine
  }

  final class Tagger {
    let tagged: Tagged<UnsafeRawPointer?>
    init(engine: Engine) { tagged = Tagged(tag: nil, engine: engine) }
  }

  final class Lot {
    let extras: [AnyObject]
    init(extras: [AnyObject]) { self.extras = extras }
  }

  /// A class with a custom mirror whose children differ from one instance to the next.
  final class Shifty: CustomReflectable {
    let lifetime = Lifetime(of: Shifty.self)
    let extra: Bool
    let engine = Engine()
    init(extra: Bool) { self.extra = extra }
    var customMirror: Mirror {
      extra
        ? Mirror(self, children: ["note": "first", "lifetime": lifetime, "engine": engine])
        : Mirror(self, children: ["engine": engine])
    }
  }

  /// The token a superclass stores is found, and names the class it was made for.
  @Test func aTokenStoredInASuperclassIsFound() throws {
    let step = step { Van() }
    let van = try #require(step.nodes.first)
    #expect(van.id == "Vehicle#1")
    #expect(van.scope == "app")
    #expect(van.links.isEmpty)  // the token is no link
    #expect(van.fields.map(\.label) == ["load"])
  }

  @Test func aClassMarkedRedactedIsNeverWalkedNorShown() throws {
    let step = step { Safe() }
    let safe = try #require(step.nodes.first)
    #expect(safe.links.isEmpty)
    #expect(safe.fields.map(\.text) == ["‹redacted›"])
    #expect(!step.nodes.contains { $0.fields.contains { $0.text.contains("1234") } })
  }

  @Test func aValueWrappingAPointerIsStillLookedInto() throws {
    let step = step { Tagger(engine: Engine()) }
    let tagger = try #require(step.nodes.first)
    #expect(tagger.links.map(\.label) == ["tagged.engine"])  // the path goes through the struct
    #expect(step.nodes.map(\.id).contains("Engine#1"))
  }

  /// Two instances of a type with a custom mirror: each is read as it reflects itself, and
  /// neither traps on the other's shape.
  @Test func aCustomMirrorIsReadPerInstance() {
    let step = step { Lot(extras: [Shifty(extra: true), Shifty(extra: false)]) }
    #expect(step.nodes.filter { $0.id.hasPrefix("Shifty#") }.count == 2)
    #expect(step.nodes.filter { $0.id.hasPrefix("Lifetime") }.isEmpty)
  }
}

extension ObjectGraphTests {
  /// A class whose subclasses inherit its token, a plain value, a strong and a weak reference.
  class Coach {
    let lifetime = Lifetime(of: Coach.self)
    var seats = 2
    let engine = Engine()
    weak var watched: Engine?
    init() { watched = engine }
  }

  /// Read through its class's layout.
  final class Sleeper: Coach {
    let berths = 4
  }

  /// Read through its mirror (the fallback); the superclass's part is the generated mirror's.
  final class MirroredSleeper: Coach, CustomReflectable {
    let berths = 4
    var customMirror: Mirror { Mirror(self, children: ["berths": berths]) }
  }

  /// A superclass's stored properties are walked, before the class's own, with their ownership:
  /// through the class's layout and through its mirror alike.
  @Test(arguments: [false, true])
  func aSuperclasssPropertiesAreWalkedFirstOnEitherPath(throughMirror: Bool) throws {
    let step = step { throughMirror ? MirroredSleeper() as AnyObject : Sleeper() }
    let coach = try #require(step.nodes.first)
    #expect(coach.id == "Coach#1")  // the superclass's token
    #expect(coach.fields.map(\.label) == ["seats", "berths"])
    #expect(coach.links.map(\.label) == ["engine", "watched"])
    #expect(coach.links.map(\.ownership) == [.strong, .weak])
  }
}
