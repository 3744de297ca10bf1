import Testing

@testable import ObjectTrace
@testable import TracePictures

/// The way an arrow takes: straight when nothing is in the way, else through the gaps, never
/// across a card, and apart from the other arrows in the same gap.
@Suite struct ArrowRouteTests {
  /// The card in row `row`, column `column` of a region at the top of a picture.
  static func card(row: Int, column: Int) -> TraceLayout.Box {
    TraceLayout.Box(
      x: TraceLayout.margin + TraceLayout.padding
        + column * (TraceLayout.cardWidth + TraceLayout.gap),
      y: 52 + row * (TraceLayout.cardHeight + TraceLayout.gap), width: TraceLayout.cardWidth,
      height: TraceLayout.cardHeight)
  }

  @Test func aLineWithNothingInTheWayStaysStraight() {
    let ways = ArrowRoute.candidates(
      from: Self.card(row: 0, column: 0), to: Self.card(row: 1, column: 0),
      avoiding: [Self.card(row: 1, column: 1)])
    #expect(ways.count == 1)
    #expect(ways.first?.points.count == 2)
  }

  @Test func aCardInTheWayIsGoneAroundThroughTheGaps() throws {
    let between = Self.card(row: 1, column: 1)
    let from = Self.card(row: 0, column: 1)
    let to = Self.card(row: 2, column: 1)
    let ways = ArrowRoute.candidates(from: from, to: to, avoiding: [between])
    #expect(ways.count == ArrowRoute.columnGaps.count)
    for way in ways {
      #expect(way.routed)
      for (start, end) in zip(way.points, way.points.dropFirst()) {
        #expect(!PictureReading.segment(start, end, crosses: between), "\(way.points)")
        #expect(start.x == end.x || start.y == end.y, "\(way.points)")  // along the gaps
      }
      #expect(way.points.first?.y == from.y + from.height + ArrowRoute.standOff)
      #expect(way.points.last?.y == to.y - ArrowRoute.standOff)
    }
    // The nearest gap first: beside the column, not across the picture.
    let first = try #require(ways.first)
    #expect([ArrowRoute.columnGaps[1], ArrowRoute.columnGaps[2]].contains(first.points[2].x))
  }

  @Test func arrowsInOneGapAreMovedApart() throws {
    let between = Self.card(row: 1, column: 0)
    let ways = [0, 1].map { column in
      ArrowRoute.candidates(
        from: Self.card(row: 0, column: column), to: Self.card(row: 2, column: 0),
        avoiding: [between])
    }
    let sharing = try ways.map { candidates in
      try #require(
        candidates.first { $0.points.count == 6 && $0.points[2].x == ArrowRoute.columnGaps[0] })
    }
    let apart = ArrowRoute.lanes(sharing)
    #expect(apart[0].points[2].x != apart[1].points[2].x)
    for route in apart {
      #expect(abs(route.points[2].x - ArrowRoute.columnGaps[0]) < TraceLayout.gap / 2)
    }
  }

  /// A released card is still drawn, faded: an arrow goes around it like any card, and the
  /// picture's reading counts it among the cards an arrow could run across.
  @Test func anArrowGoesAroundAReleasedCard() throws {
    let objects = [
      Trace.Object(id: "Top#1", type: "Top", scope: "app"),
      Trace.Object(id: "Gone#1", type: "Gone", scope: "app"),
      Trace.Object(id: "Bottom#1", type: "Bottom", scope: "app"),
    ]
    let root = [Trace.Root(label: "app", object: "Top#1", global: false)]
    // A chain at launch puts the three in one column, a row apart.
    let launch = TraceLayoutTests.step(
      "launch", live: objects.map(\.id), created: objects.map(\.id),
      edges: [
        Trace.Edge(from: "Top#1", to: "Gone#1", label: "gone"),
        Trace.Edge(from: "Gone#1", to: "Bottom#1", label: "bottom"),
      ],
      roots: root)
    // Then `Gone#1` is released, and `Bottom#1` refers to `Top#1` across its place.
    let quit = TraceLayoutTests.step(
      "quit", live: ["Top#1", "Bottom#1"], released: ["Gone#1"],
      edges: [Trace.Edge(from: "Bottom#1", to: "Top#1", label: "top")], roots: root)
    let layout = TraceLayout(
      [
        Trace(chapter: 7, title: "Released", steps: [launch, quit], objects: objects)
      ], style: .plain)
    let top = try #require(layout.cards["Top#1"])
    let gone = try #require(layout.cards["Gone#1"])
    let bottom = try #require(layout.cards["Bottom#1"])
    #expect(top.x == gone.x && gone.x == bottom.x && top.y < gone.y && gone.y < bottom.y)
    let arrow = try #require(SVGTraceRenderer.arrows(of: quit, in: layout).first)
    #expect(!PictureReading.line(arrow.points, crosses: gone), "\(arrow.points)")
    #expect(PictureReading(step: quit, layout: layout).arrowCardOverlaps == 0)
  }

  /// One object holding another through two properties draws one arrow, and that arrow is part
  /// of the tree (drawn by default) as long as one of its references is: the second reference
  /// meets an object the walk has already reached, but the pair is not a back-reference.
  @Test func aPairWithATreeReferenceIsNotDrawnAsBack() throws {
    let objects = [
      Trace.Object(id: "Owner#1", type: "Owner", scope: "app"),
      Trace.Object(id: "Part#1", type: "Part", scope: "app"),
    ]
    let step = TraceLayoutTests.step(
      "launch", live: objects.map(\.id), created: objects.map(\.id),
      edges: [
        Trace.Edge(from: "Owner#1", to: "Part#1", label: "part"),
        Trace.Edge(from: "Owner#1", to: "Part#1", label: "sameAgain", ownership: .weak),
      ],
      roots: [Trace.Root(label: "app", object: "Owner#1", global: false)])
    let layout = TraceLayout(
      [
        Trace(chapter: 7, title: "Pair", steps: [step], objects: objects)
      ], style: .plain)
    #expect(SVGTraceRenderer.backReferences(step).count == 1)
    let arrows = SVGTraceRenderer.arrows(of: step, in: layout)
    #expect(arrows.count == 1)
    #expect(arrows.first?.back == false)
  }

  /// A screen that keeps its view model, and the view model's `weak` reference back: two
  /// arrows between the same two cards, drawn side by side, each its own line and kind, never
  /// one on top of the other (exercise 15's picture had them as one short blot).
  @Test func twoCardsThatReferToEachOtherGetTwoArrowsSideBySide() throws {
    let objects = [
      Trace.Object(id: "Map#1", type: "Map", scope: "untraced"),
      Trace.Object(id: "MapViewModel#1", type: "MapViewModel", scope: "untraced"),
    ]
    let step = TraceLayoutTests.step(
      "shown", live: objects.map(\.id), created: objects.map(\.id),
      edges: [
        Trace.Edge(from: "Map#1", to: "MapViewModel#1", label: "viewModel"),
        Trace.Edge(from: "MapViewModel#1", to: "Map#1", label: "display", ownership: .weak),
      ],
      roots: [Trace.Root(label: "framework", object: "Map#1", global: false)])
    let layout = TraceLayout(
      [Trace(chapter: 7, title: "Map", steps: [step], objects: objects)], style: .plain)
    let arrows = SVGTraceRenderer.arrows(of: step, in: layout)
    #expect(arrows.map(\.holds) == [true, false])
    let strong = try #require(arrows.first?.points)
    let weak = try #require(arrows.last?.points)
    // Parallel lines, apart by the spacing: every point of one is that far from the other's.
    for (one, other) in zip(strong, weak.reversed()) {
      let apart = abs(one.x - other.x) + abs(one.y - other.y)
      #expect(apart >= ArrowRoute.pairSpacing - 1, "\(strong) and \(weak) lie too close")
    }
  }
}
