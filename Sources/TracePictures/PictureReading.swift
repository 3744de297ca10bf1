import ObjectTrace

/// How well one step's picture reads, counted on the arrows the explorer page draws before an
/// object is chosen (all but the back-references): an arrow that runs across a card it does not
/// join hides what that card holds, and two arrows that cross make "who holds whom" a puzzle.
package struct PictureReading: Equatable, Sendable {
  /// Pairs of an arrow and a drawn card, not one of its ends, that the arrow runs across.
  package var arrowCardOverlaps: Int
  /// Pairs of arrows that cross (arrows that share an object are not counted: they meet there).
  package var crossings: Int

  /// Counts the picture of `step` in `layout`.
  package init(step: Trace.Step, layout: TraceLayout) {
    // What the page draws before anything is chosen: every arrow but the back-references.
    let arrows = SVGTraceRenderer.arrows(of: step, in: layout).filter { !$0.back }
    let drawn = (step.live + step.released).uniqued().compactMap { id in
      layout.cards[id].map { (id: id, box: $0) }
    }
    arrowCardOverlaps = arrows.reduce(0) { total, arrow in
      total
        + drawn.filter { card in
          card.id != arrow.from && card.id != arrow.to
            && Self.line(arrow.points, crosses: card.box)
        }.count
    }
    var crossings = 0
    for (index, arrow) in arrows.enumerated() {
      for other in arrows[(index + 1)...]
      where !Self.meet((arrow.from, arrow.to), (other.from, other.to))
        && Self.lines(arrow.points, other.points)
      {
        crossings += 1
      }
    }
    self.crossings = crossings
  }

  /// Whether two arrows, given by their ends, share an object: they meet there, which is not a
  /// crossing.
  static func meet(_ first: (from: String, to: String), _ second: (from: String, to: String))
    -> Bool
  {
    first.from == second.from || first.from == second.to || first.to == second.from
      || first.to == second.to
  }

  /// Whether any piece of the line through `points` passes through the inside of `box`.
  static func line(_ points: [(x: Int, y: Int)], crosses box: TraceLayout.Box) -> Bool {
    zip(points, points.dropFirst()).contains { segment($0, $1, crosses: box) }
  }

  /// Whether any piece of the line through `first` crosses any piece of the line through
  /// `second`.
  static func lines(_ first: [(x: Int, y: Int)], _ second: [(x: Int, y: Int)]) -> Bool {
    zip(first, first.dropFirst()).contains { piece in
      zip(second, second.dropFirst()).contains { segments(piece, $0) }
    }
  }

  /// Whether the segment from `start` to `end` passes through the inside of `box`
  /// (Liang–Barsky clipping against the box shrunk by a pixel, so a touch is not a crossing).
  static func segment(
    _ start: (x: Int, y: Int), _ end: (x: Int, y: Int), crosses box: TraceLayout.Box
  )
    -> Bool
  {
    let dx = Double(end.x - start.x)
    let dy = Double(end.y - start.y)
    let bounds = [
      (-dx, Double(start.x) - Double(box.x + 1)),
      (dx, Double(box.x + box.width - 1) - Double(start.x)),
      (-dy, Double(start.y) - Double(box.y + 1)),
      (dy, Double(box.y + box.height - 1) - Double(start.y)),
    ]
    var enter = 0.0
    var leave = 1.0
    for (p, q) in bounds {
      if p == 0 {
        if q < 0 { return false }
      } else {
        let t = q / p
        if p < 0 { enter = max(enter, t) } else { leave = min(leave, t) }
      }
    }
    return enter < leave
  }

  /// Whether two segments cross at a point inside both (not at an end, not along a line).
  static func segments(
    _ first: ((x: Int, y: Int), (x: Int, y: Int)), _ second: ((x: Int, y: Int), (x: Int, y: Int))
  ) -> Bool {
    func side(_ a: (x: Int, y: Int), _ b: (x: Int, y: Int), _ c: (x: Int, y: Int)) -> Int {
      let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
      return cross > 0 ? 1 : cross < 0 ? -1 : 0
    }
    let d1 = side(second.0, second.1, first.0)
    let d2 = side(second.0, second.1, first.1)
    let d3 = side(first.0, first.1, second.0)
    let d4 = side(first.0, first.1, second.1)
    return d1 * d2 < 0 && d3 * d4 < 0
  }
}
