import ObjectTrace

/// The line an arrow takes from one card to another, missing every other card drawn in its step.
///
/// In order of preference: the straight line between the cards' borders (toward each other's
/// centre); the straight line from the bottom of the upper card to the top of the lower one;
/// and otherwise a route through the gaps — down (or up) from the card's middle into the gap
/// beside its row, along that gap to a gap between columns (the one whose route crosses the
/// fewest other arrows), along that gap to the row gap beside the other card, along it, and into
/// the card. The gaps hold no card, so a route never runs across one; ``lanes(_:)`` spreads the
/// routes that share a gap apart.
struct ArrowRoute {
  typealias Point = (x: Int, y: Int)

  /// The corners of the line, the first on `from`'s border and the last on `to`'s.
  var points: [Point]
  /// Whether it runs through the gaps (and may be moved within them).
  var routed: Bool

  /// How far an end stands off its card's border.
  static let standOff = 3

  /// The ways from the card `from` to the card `to` that miss every box of `cards`: the straight
  /// line alone when it misses them, else the straight line between bottom and top alone when it
  /// does, else a way through the gaps for each gap between columns.
  static func candidates(
    from: TraceLayout.Box, to: TraceLayout.Box, avoiding cards: [TraceLayout.Box]
  ) -> [ArrowRoute] {
    func clear(_ line: [Point]) -> Bool {
      !cards.contains { PictureReading.line(line, crosses: $0) }
    }
    let straight = [
      SVGTraceRenderer.border(of: from, toward: to.center),
      SVGTraceRenderer.border(of: to, toward: from.center),
    ]
    if clear(straight) { return [ArrowRoute(points: straight, routed: false)] }
    let middle = (from: from.x + from.width / 2, to: to.x + to.width / 2)
    let half = TraceLayout.gap / 2
    let off = standOff
    if to.y == from.y {
      // One row: under it, along the gap below.
      let below = from.y + from.height + half
      return [
        ArrowRoute(
          points: [
            (middle.from, from.y + from.height + off), (middle.from, below), (middle.to, below),
            (middle.to, to.y + to.height + off),
          ], routed: true)
      ]
    }
    let down = to.y > from.y
    let leave = down ? (middle.from, from.y + from.height + off) : (middle.from, from.y - off)
    let enter = down ? (middle.to, to.y - off) : (middle.to, to.y + to.height + off)
    if clear([leave, enter]) { return [ArrowRoute(points: [leave, enter], routed: false)] }
    let first = down ? from.y + from.height + half : from.y - half
    let last = down ? to.y - half : to.y + to.height + half
    return columnGaps.sorted {
      (abs(middle.from - $0) + abs($0 - middle.to), abs($0 - middle.to))
        < (abs(middle.from - $1) + abs($1 - middle.to), abs($1 - middle.to))
    }.map { column in
      ArrowRoute(
        points: [
          leave, (middle.from, first), (column, first), (column, last), (middle.to, last), enter,
        ], routed: true)
    }
  }

  /// How far apart the two straight arrows between two cards that refer to each other are drawn.
  static let pairSpacing = 12

  /// This straight line moved `distance / 2` to its own left, across its direction: the other
  /// way's line, moved to its own left, lies `distance` away from it.
  func movedLeft(by distance: Int) -> ArrowRoute {
    guard let first = points.first, let last = points.last else { return self }
    let (dx, dy) = (Double(last.x - first.x), Double(last.y - first.y))
    let length = max(1, (dx * dx + dy * dy).squareRoot())
    let half = Double(distance) / 2
    let shift = (x: Int((dy / length * half).rounded()), y: Int((-dx / length * half).rounded()))
    var moved = self
    moved.points = points.map { ($0.x + shift.x, $0.y + shift.y) }
    return moved
  }

  /// The x of each gap between columns, and of the gaps beside the first and the last.
  static let columnGaps = (0...TraceLayout.columns).map {
    TraceLayout.margin + TraceLayout.padding + $0 * (TraceLayout.cardWidth + TraceLayout.gap)
      - TraceLayout.gap / 2
  }

  /// `routes` with the ones that share a gap moved apart within it, a few pixels each. In a gap
  /// between columns they are ordered so that they leave it without crossing: of those that
  /// turn left at its end, the one that turns first is leftmost; of those that turn right, the
  /// one that turns first is rightmost. In a gap between rows they take turns either side.
  static func lanes(_ routes: [ArrowRoute]) -> [ArrowRoute] {
    var moved = routes
    // The run along a gap between columns is the third piece of a six-point route.
    var channels: [Int: [Int]] = [:]
    for (index, route) in routes.enumerated() where route.routed && route.points.count == 6 {
      channels[route.points[2].x, default: []].append(index)
    }
    for (_, members) in channels.sorted(by: { $0.key < $1.key }) {
      func key(_ index: Int) -> (Int, Int, Int) {
        let points = routes[index].points
        let down = points[3].y > points[2].y
        let turnsLeft = points[4].x < points[3].x
        let turn = down ? points[3].y : -points[3].y
        return turnsLeft ? (0, turn, index) : (1, -turn, index)
      }
      let ordered = members.sorted { key($0) < key($1) }
      for (rank, index) in ordered.enumerated() {
        let shift = Int((Double(rank) - Double(ordered.count - 1) / 2) * 4)
        let clamped = max(-8, min(8, shift))
        moved[index].points[2].x += clamped
        moved[index].points[3].x += clamped
      }
    }
    // Along a gap between rows: the first in the middle, the next either side.
    let offsets = [0, -2, 2, -4, 4]
    var rows: [Int: Int] = [:]
    for (index, route) in routes.enumerated() where route.routed {
      let points = route.points
      for piece in 1..<(points.count - 2) where points[piece].y == points[piece + 1].y {
        let used = rows[points[piece].y, default: 0]
        rows[points[piece].y] = used + 1
        moved[index].points[piece].y += offsets[used % offsets.count]
        moved[index].points[piece + 1].y += offsets[used % offsets.count]
      }
    }
    return moved
  }
}
