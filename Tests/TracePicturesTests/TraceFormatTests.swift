import Foundation
import ObjectTrace
import Testing
import TracePictures

@testable import TraceFixtures

@Suite struct TraceFormatTests {
  /// A trace of a tiny graph: a garage holding a car with an engine, then nothing after "quit".
  private func sampleTrace(chapter: Int? = 9) -> Trace {
    let registry = LifetimeRegistry()
    return LifetimeRegistry.$current.withValue(registry) {
      var tracer = Tracer(registry: registry)
      var garage: Garage? = Garage()
      garage?.car = Car(engine: Engine(), spare: nil, passengers: [], makeEngine: { Engine() })
      tracer.record(
        step: "launch", screen: "Home", roots: garage.map { [Tracer.Root("app", $0)] } ?? [])
      garage = nil
      tracer.record(step: "quit", screen: "(gone)", roots: [])
      return tracer.trace(chapter: chapter, title: "Sample")
    }
  }

  /// A run that is no chapter (an app's, a test's) is named by its title alone: no format says
  /// "Chapter", and the JSON has no `chapter` key; a chapter's run keeps both.
  @Test(arguments: TraceFormat.allCases)
  func aRunThatIsNoChapterIsNamedByItsTitle(format: TraceFormat) {
    let run = format.render(sampleTrace(chapter: nil))
    #expect(!run.contains("Chapter"))
    #expect(!run.contains("chapter"))
    #expect(run.contains("Sample"))
    let chapter = format.render(sampleTrace())
    #expect(chapter.contains(format == .json ? "\"chapter\" : 9" : "9"))
  }

  @Test func textShowsStepsTreeAndReleases() {
    let text = TraceFormat.text.render(sampleTrace())
    let expected = """
      Chapter 9: Sample
      story: launch → quit

      ── step 1: launch ──
      screen    Home
      created   Garage#1, Engine#1, Car#1
      released  —
      live      3 objects
        app: Garage#1 [app]
          │  · screen = nil
          │  · kept = nil
          │  · lazyStorage = nil
          └─ car: Car#1 [app]
             │  · spare = nil
             │  · passengers = []
             │  · password = ‹redacted›
             │  · key = ‹redacted›
             │  · gear = park
             ├─ engine: Engine#1 [app]
             │     · speed = 3
             └─ makeEngine: ƒ () -> Engine
      findings  none
      """
    let launch = text.components(separatedBy: "\n\n── step 2")[0]
    let normalised = launch.replacingOccurrences(
      of: "── step 1: launch ─+", with: "── step 1: launch ──", options: .regularExpression)
    #expect(normalised == expected)
    #expect(text.contains("released  Garage#1, Engine#1, Car#1"))
    #expect(text.hasSuffix("findings  none\n"))
  }

  @Test func jsonFollowsTheContract() throws {
    let data = Data(TraceFormat.json.render(sampleTrace()).utf8)
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(json.keys) == ["chapter", "title", "steps", "objects"])
    let steps = try #require(json["steps"] as? [[String: Any]])
    #expect(
      Set(steps[0].keys) == [
        "name", "screen", "created", "released", "live", "roots", "edges", "findings", "holders",
      ])
    let edges = try #require(steps[0]["edges"] as? [[String: String]])
    #expect(edges.contains(["from": "Car#1", "to": "Engine#1", "label": "engine"]))
    let objects = try #require(json["objects"] as? [[String: String]])
    #expect(objects.first == ["id": "Garage#1", "type": "Garage", "scope": "app"])
    let decoded = try JSONDecoder().decode(Trace.self, from: data)
    #expect(decoded.steps.map(\.live) == [["Garage#1", "Engine#1", "Car#1"], []])
  }

  @Test func mermaidDrawsEachStepsEdges() {
    let mermaid = TraceFormat.mermaid.render(sampleTrace())
    #expect(mermaid.contains("## launch"))
    #expect(mermaid.contains("```mermaid\nflowchart LR"))
    #expect(mermaid.contains("  n0[\"Garage#1\"]:::app"))
    #expect(mermaid.contains("  n1 -->|engine| n2"))
  }

  @Test func dotHasOneGraphPerStep() {
    let dot = TraceFormat.dot.render(sampleTrace())
    #expect(dot.components(separatedBy: "digraph ").count == 3)
    #expect(dot.contains("n1 -> n2 [label=\"engine\"];"))
  }

  @Test(arguments: TraceFormat.allCases)
  func renderingIsDeterministic(format: TraceFormat) {
    #expect(format.render(sampleTrace()) == format.render(sampleTrace()))
  }

  /// A trace where `Watcher#1.watched` is weak and `Depot#1.kept` strong, to the same object.
  private func weakTrace() -> Trace {
    let registry = LifetimeRegistry()
    return LifetimeRegistry.$current.withValue(registry) {
      var tracer = Tracer(registry: registry)
      let garage = Garage()
      let watcher = Watcher(owner: garage)
      let passenger = Passenger(name: "p")
      watcher.watched = passenger
      watcher.depot.kept = passenger
      tracer.record(step: "launch", screen: "-", roots: [Tracer.Root("w", watcher)])
      return tracer.trace(chapter: 9, title: "Weak")
    }
  }

  @Test(arguments: [TraceFormat.text, .facts, .json, .mermaid, .dot])
  func everyFormatTellsAWeakReferenceFromAStrongOne(format: TraceFormat) {
    let text = format.render(weakTrace())
    let (weak, strong) =
      switch format {
      case .text: ("├─ watched (weak): Passenger#1", "└─ kept → Passenger#1")
      case .facts:
        ("edge     Watcher#1.watched → Passenger#1 (weak)", "edge     Depot#1.kept → Passenger#1")
      case .json:
        (
          "\"label\" : \"watched\",\n          \"ownership\" : \"weak\"",
          "\"label\" : \"kept\",\n          \"to\""
        )
      case .mermaid: ("-.->|watched (weak)|", "-->|kept|")
      default: ("[label=\"watched (weak)\", style=dashed]", "[label=\"kept\"]")
      }
    #expect(text.contains(weak), "\(format) shows no weak reference:\n\(text)")
    #expect(text.contains(strong), "\(format) shows no strong reference:\n\(text)")
  }
}
