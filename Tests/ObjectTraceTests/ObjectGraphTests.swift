import Foundation
import ObjectTrace
import Testing

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
        "engine→Engine#1", "spare→Engine#2", "passengers→Passenger#1", "passengers→Passenger#2",
        "gear→Engine#1",
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

  @Test func untracedObjectsAreOpaqueLeaves() {
    let registry = LifetimeRegistry()
    LifetimeRegistry.$current.withValue(registry) {
      let untraced = Untraced()
      let graph = ObjectGraph(roots: [("thing", untraced, false)])
      #expect(graph.nodes.count == 1)
      #expect(graph.nodes[0].record == nil)
      #expect(graph.nodes[0].id == "Untraced")
      #expect(graph.nodes[0].links.isEmpty)
    }
  }
}
