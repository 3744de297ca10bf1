import Testing

@testable import ObjectTrace
@testable import TracePictures

/// The layout the pictures and the explorer page share: one place per object for the whole
/// story, scopes as regions, nothing drawn over anything else.
@Suite struct TraceLayoutTests {
  /// A step of a hand-made trace.
  static func step(
    _ name: String, live: [String], created: [String] = [], released: [String] = [],
    edges: [Trace.Edge] = [], findings: [Trace.Finding] = [], holders: [Trace.Holding] = [],
    roots: [Trace.Root] = []
  ) -> Trace.Step {
    Trace.Step(
      name: name, screen: "screen of \(name)", created: created, released: released, live: live,
      roots: roots, edges: edges, findings: findings, holders: holders)
  }

  /// An app container and a screen scope whose objects come and go: `Screen#1` lives in steps
  /// 1–2, `Screen#2` is born in step 3 (after `#1` was released in step 2), `Screen#3` is born in
  /// step 3 too, while `#2` is alive.
  static func comingAndGoing() -> Trace {
    let objects = [
      Trace.Object(id: "App#1", type: "App", scope: "app"),
      Trace.Object(id: "Repository#1", type: "Repository", scope: "app"),
      Trace.Object(id: "Container#1", type: "Container", scope: "app"),
      Trace.Object(id: "Screen#1", type: "Screen", scope: "onboarding"),
      Trace.Object(id: "Screen#2", type: "Screen", scope: "onboarding"),
      Trace.Object(id: "Screen#3", type: "Screen", scope: "onboarding"),
    ]
    let holds = [Trace.Holding(object: "Repository#1", heldBy: ["Container#1"])]
    return Trace(
      chapter: 7, title: "Coming and going",
      steps: [
        step(
          "launch", live: ["App#1", "Repository#1", "Container#1", "Screen#1"],
          created: ["App#1", "Repository#1", "Container#1", "Screen#1"], holders: holds),
        step(
          "sign-up", live: ["App#1", "Repository#1", "Container#1"], released: ["Screen#1"],
          holders: holds),
        step(
          "sign-out", live: ["App#1", "Repository#1", "Container#1", "Screen#2", "Screen#3"],
          created: ["Screen#2", "Screen#3"], holders: holds),
      ],
      objects: objects)
  }

  @Test func aLaterObjectTakesThePlaceOfOneReleasedBeforeIt() {
    let layout = TraceLayout([Self.comingAndGoing()], style: .plain)
    #expect(layout.cards["Screen#2"] == layout.cards["Screen#1"])
    #expect(layout.cards["Screen#3"] != nil)
    #expect(layout.cards["Screen#3"] != layout.cards["Screen#2"])
  }

  @Test func aContainerComesFirstInItsRegion() throws {
    let layout = TraceLayout([Self.comingAndGoing()], style: .plain)
    #expect(layout.containers == ["Container#1"])
    let container = try #require(layout.cards["Container#1"])
    let app = try #require(layout.cards["App#1"])
    #expect((container.y, container.x) < (app.y, app.x))
  }

  /// A chain held from the root, listed leaf first: each holder still sits a row above what it
  /// holds, and the second region's object sits below its holder in the first.
  @Test func holdersSitAboveWhatTheyHold() throws {
    let objects = [
      Trace.Object(id: "Leaf#1", type: "Leaf", scope: "onboarding"),
      Trace.Object(id: "Middle#1", type: "Middle", scope: "app"),
      Trace.Object(id: "Root#1", type: "Root", scope: "app"),
    ]
    let edges = [
      Trace.Edge(from: "Root#1", to: "Middle#1", label: "middle"),
      Trace.Edge(from: "Middle#1", to: "Leaf#1", label: "leaf"),
    ]
    let trace = Trace(
      chapter: 7, title: "Chain",
      steps: [
        Self.step(
          "launch", live: objects.map(\.id), edges: edges,
          roots: [Trace.Root(label: "app", object: "Root#1", global: false)])
      ],
      objects: objects)
    let layout = TraceLayout([trace], style: .plain)
    let root = try #require(layout.cards["Root#1"])
    let middle = try #require(layout.cards["Middle#1"])
    let leaf = try #require(layout.cards["Leaf#1"])
    #expect(root.y < middle.y)
    #expect(middle.y < leaf.y)
    #expect(TraceLayout.layers(of: trace.steps[0]) == ["Root#1": 0, "Middle#1": 1, "Leaf#1": 2])
  }

  @Test func eachScopeIsARegionAroundItsCardsAndNothingOverlaps() throws {
    let trace = Self.comingAndGoing()
    let layout = TraceLayout([trace], style: .plain)
    #expect(layout.regions.map(\.scope) == ["app", "onboarding"])
    for object in trace.objects {
      let card = try #require(layout.cards[object.id])
      let region = try #require(layout.regions.first { $0.scope == object.scope })
      #expect(Self.contains(region.box, card), "\(object.id) is outside its region")
      #expect(card.x + card.width <= layout.width && card.y + card.height <= layout.height)
    }
    let places = Set(trace.objects.compactMap { layout.cards[$0.id] }.map { "\($0.x) \($0.y)" })
    #expect(places.count == trace.objects.count - 1)  // Screen#1 and #2 share one place
    for (index, first) in layout.regions.enumerated() {
      for second in layout.regions.dropFirst(index + 1) {
        #expect(!Self.overlap(first.box, second.box))
      }
    }
    let distinct = trace.objects.compactMap { layout.cards[$0.id] }
    for (index, first) in distinct.enumerated() {
      for second in distinct.dropFirst(index + 1) where first != second {
        #expect(!Self.overlap(first, second))
      }
    }
  }

  @Test func twoTracesShareOnePlaceForAnIdBothHave() {
    var other = Self.comingAndGoing()
    other.objects.insert(Trace.Object(id: "Extra#1", type: "Extra", scope: "app"), at: 0)
    other.steps[0].live.insert("Extra#1", at: 0)
    let layout = TraceLayout([Self.comingAndGoing(), other], style: .plain)
    let alone = TraceLayout([Self.comingAndGoing()], style: .plain)
    #expect(layout.cards["Extra#1"] != nil)
    #expect(layout.cards["App#1"] == alone.cards["App#1"])
    #expect(layout.cards["Extra#1"] != layout.cards["Repository#1"])
  }

  @Test func anIdMissingFromObjectsIsStillPlaced() {
    var trace = Self.comingAndGoing()
    trace.steps[0].live.append("Stray#4")
    let layout = TraceLayout([trace], style: .plain)
    #expect(layout.cards["Stray#4"] != nil)
    #expect(layout.scopes["Stray#4"] == "untraced")
  }

  @Test func hundredsOfObjectsGetAPlaceEachInRows() {
    let count = 600
    let ids = (1...count).map { "Runaway#\($0)" }
    let trace = Trace(
      chapter: 1, title: "Loop", steps: [Self.step("launch", live: ids, created: ids)],
      objects: ids.map { Trace.Object(id: $0, type: "Runaway", scope: "app") })
    let layout = TraceLayout([trace], style: .plain)
    let places = Set(ids.compactMap { layout.cards[$0] }.map { "\($0.x) \($0.y)" })
    #expect(places.count == count)
    #expect(layout.width == TraceLayout([Self.comingAndGoing()], style: .plain).width)
    #expect(layout.height < count / TraceLayout.columns * 80 + 200)
  }

  static func contains(_ outer: TraceLayout.Box, _ inner: TraceLayout.Box) -> Bool {
    inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width
      && inner.y + inner.height <= outer.y + outer.height
  }

  static func overlap(_ a: TraceLayout.Box, _ b: TraceLayout.Box) -> Bool {
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
  }
}
