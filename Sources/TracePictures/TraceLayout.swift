import ObjectTrace

/// Where every object of a story sits in the pictures (`--format svg`, `--format html`): one
/// place per object for the whole story, so an object never moves from step to step.
///
/// Each scope is a region, stacked top to bottom in the order a ``ScopeStyle`` gives (the scopes
/// it names, then the others as they appear, `untraced` last unless named), laid out as a grid of
/// cards, four to a row:
/// - in layers, the roots on top: a type's layer is the fewest stored references from a root to
///   any of its objects in any step, and each layer of a region starts a row, so the tree the
///   text trace prints runs down the page, within a region and from one to the next (a type
///   whose objects are reached at different depths sits at the shallowest);
/// - within a layer, a container (an object some `holders` entry names) comes first, then types
///   in the order of their first object — or, when that reads better, in the order of where
///   their holders sit (see ``init(_:)``);
/// - a later object of a type takes its predecessor's place once that one was released before
///   the later one was created (`OnboardingViewModel#2` where `#1` was), and a place of its own
///   when both are drawn in one step (the old one released as the new one appears, or both alive).
///
/// Made only from the JSON contract's data (ids, scopes, steps), so it lays out a trace read back
/// from JSON as well; made from two traces, it places an id where it is in both (side by side).
/// Integer coordinates: the same trace gives the same layout, byte for byte.
package struct TraceLayout: Equatable, Sendable {
  /// A rectangle in picture coordinates (pixels, y down).
  package struct Box: Equatable, Sendable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    /// The centre point.
    var center: (x: Double, y: Double) {
      (Double(x) + Double(width) / 2, Double(y) + Double(height) / 2)
    }
  }

  /// A scope's region: the box drawn around its cards.
  package struct Region: Equatable, Sendable {
    /// The scope's name, e.g. `app`.
    package var scope: String
    /// Where the region is drawn.
    package var box: Box
  }

  /// Each object's card, by id.
  package private(set) var cards: [String: Box] = [:]
  /// The regions, top to bottom.
  package private(set) var regions: [Region] = []
  /// Each object's scope, by id.
  package private(set) var scopes: [String: String] = [:]
  /// The ids some `holders` entry names as a container.
  package private(set) var containers: Set<String> = []
  /// The picture's size.
  package private(set) var width = 0
  package private(set) var height = 0

  /// A card's size and the gaps around it.
  static let cardWidth = 252
  static let cardHeight = 50
  static let gap = 18
  /// Cards per row in a region.
  static let columns = 4
  /// Space around the picture, and inside a region around its cards.
  static let margin = 12
  static let padding = 14
  /// The height of a region's title line.
  static let regionTitle = 26
  /// A region is laid out in layers while its types have at most this many generations (lanes)
  /// alive at once; past it (a learner's loop making hundreds of objects) the cards just fill
  /// rows.
  static let laneRows = 3

  /// Lays out every object of `traces` (one trace, or two drawn side by side), its regions in
  /// the order `style` gives.
  package init(_ traces: [Trace], style: ScopeStyle) {
    let stepNames = traces.flatMap { $0.steps.map(\.name) }.uniqued()
    // Each object's type, scope and span of steps (first to last step it is drawn in).
    var order: [String] = []
    var type: [String: String] = [:]
    var scope: [String: String] = [:]
    var span: [String: ClosedRange<Int>] = [:]
    var neighbours: [String: Set<String>] = [:]
    // How far each object is from a root, at the least over every step: its layer.
    var depth: [String: Int] = [:]
    for trace in traces {
      for object in trace.objects where type[object.id] == nil {
        order.append(object.id)
        type[object.id] = object.type
        scope[object.id] = object.scope
      }
      for step in trace.steps {
        guard let index = stepNames.firstIndex(of: step.name) else { continue }
        for id in step.live + step.released + step.created {
          if type[id] == nil {  // not in `objects`: drawn all the same, with what its id says
            order.append(id)
            type[id] = String(id.prefix { $0 != "#" })
            scope[id] = LifetimeScope.untraced.name
          }
          let old = span[id] ?? index...index
          span[id] = min(old.lowerBound, index)...max(old.upperBound, index)
        }
        for holding in step.holders {
          containers.formUnion(holding.heldBy.filter { !$0.hasPrefix("global ") })
        }
        for edge in step.edges where edge.from != edge.to {
          neighbours[edge.from, default: []].insert(edge.to)
          neighbours[edge.to, default: []].insert(edge.from)
        }
        for (id, layer) in Self.layers(of: step) where layer < depth[id] ?? .max {
          depth[id] = layer
        }
      }
    }
    // A first placement in order of appearance; then sweeps that order each layer's types by
    // where their holders sit (the mean x of their cards, placed just before, a layer up). The
    // placement whose pictures read best (``PictureReading``, over every step, with the arrows
    // routed) is kept: ordering by neighbours does not always converge, so each sweep is a
    // candidate, not a step forward.
    let scopeNames = style.regions(of: order.compactMap { scope[$0] })
    place(
      order: order, type: type, scope: scope, scopeNames: scopeNames, span: span,
      neighbours: neighbours, depth: depth, sweep: 0)
    var best = self
    var bestCost = Self.cost(of: best, traces: traces)
    var candidate = self
    // A runaway story (a learner's loop making hundreds of objects) keeps its first placement:
    // every sweep would route every arrow of every step again.
    for sweep in 1...Self.sweeps where order.count <= Self.sweptObjects {
      candidate.place(
        order: order, type: type, scope: scope, scopeNames: scopeNames, span: span,
        neighbours: neighbours, depth: depth, sweep: sweep)
      let cost = Self.cost(of: candidate, traces: traces)
      if cost < bestCost {
        best = candidate
        bestCost = cost
      }
    }
    self = best
  }

  /// Each object's distance from a root in `step`: the fewest stored references that reach it.
  static func layers(of step: Trace.Step) -> [String: Int] {
    var outgoing: [String: [String]] = [:]
    for edge in step.edges { outgoing[edge.from, default: []].append(edge.to) }
    var layer: [String: Int] = [:]
    var frontier = step.roots.map(\.object).uniqued()
    var distance = 0
    while !frontier.isEmpty {
      var next: [String] = []
      for id in frontier where layer[id] == nil {
        layer[id] = distance
        next += outgoing[id] ?? []
      }
      frontier = next.filter { layer[$0] == nil }.uniqued()
      distance += 1
    }
    return layer
  }

  /// How many placements ordered by neighbours are tried after the first.
  static let sweeps = 4
  /// The most objects a story may have for those placements to be tried (a chapter has 40).
  static let sweptObjects = 150

  /// How badly `layout` reads over every step of `traces`: arrows across cards plus crossings.
  private static func cost(of layout: TraceLayout, traces: [Trace]) -> Int {
    traces.flatMap(\.steps).reduce(0) { total, step in
      let reading = PictureReading(step: step, layout: layout)
      return total + reading.arrowCardOverlaps + reading.crossings
    }
  }

  /// Places every card, region by region; from the second sweep on, types within a lane are
  /// ordered by the mean x of their neighbours' cards in the sweep before.
  private mutating func place(
    order: [String], type: [String: String], scope: [String: String], scopeNames: [String],
    span: [String: ClosedRange<Int>], neighbours: [String: Set<String>], depth: [String: Int],
    sweep: Int
  ) {
    let before = cards
    cards = [:]
    regions = []

    scopes = scope
    var y = Self.margin
    for name in scopeNames {
      let members = order.filter { scope[$0] == name }
      // Lanes: each object of a type takes the first lane whose last object was gone before it.
      var laneEnds: [String: [Int]] = [:]
      var lane: [String: Int] = [:]
      for id in members {
        let key = type[id] ?? id
        let range = span[id] ?? 0...0
        var ends = laneEnds[key] ?? []
        if let free = ends.firstIndex(where: { $0 < range.lowerBound }) {
          lane[id] = free
          ends[free] = range.upperBound
        } else {
          lane[id] = ends.count
          ends.append(range.upperBound)
        }
        laneEnds[key] = ends
      }
      // Places: one per (type, lane); containers first, then types by their first object.
      let types = members.map { type[$0] ?? $0 }.uniqued()
      let typeRank = Dictionary(
        types.enumerated().map { index, name in
          (name, (members.contains { type[$0] == name && containers.contains($0) } ? 0 : 1, index))
        },
        uniquingKeysWith: { first, _ in first })
      let lanes = (lane.values.max() ?? 0) + 1
      var places: [(lane: Int, type: String)] = []
      for id in members where !places.contains(where: { $0 == (lane[id] ?? 0, type[id] ?? id) }) {
        places.append((lane[id] ?? 0, type[id] ?? id))
      }
      // A type's layer: the least of its objects'. Holders sit above what they hold.
      var layer: [String: Int] = [:]
      for id in members {
        let key = type[id] ?? id
        layer[key] = min(layer[key] ?? .max, depth[id] ?? .max)
      }
      let layered = lanes <= Self.laneRows
      /// Where a type's neighbours sit, on average: those a layer up (its holders), or for a
      /// root those a layer down (what it holds), or else all; placed already in this sweep
      /// (the layers above), or else in the sweep before. Its own place when it has none.
      func pull(_ name: String) -> Double {
        let own: [String] = members.filter { type[$0] == name }
        let near: [String] = own.flatMap { Array(neighbours[$0] ?? []) }
        let all: [String] = near.filter { type[$0] != name }
        let level: Int = layer[name] ?? Int.max
        let above: [String] = all.filter { (depth[$0] ?? Int.max) < level }
        let below: [String] = level == Int.max ? [] : all.filter { depth[$0] == level + 1 }
        let others = !above.isEmpty ? above : !below.isEmpty ? below : all
        let xs = others.compactMap { (cards[$0] ?? before[$0]).map { Double($0.x) } }
        let mine = own.compactMap { before[$0].map { Double($0.x) } }
        return xs.isEmpty ? (mine.first ?? 0) : xs.reduce(0, +) / Double(xs.count)
      }
      // Row by row, layer by layer: each layer ordered by where its holders were just placed.
      let groups = Dictionary(grouping: places) { (place) -> Int in
        layered ? (layer[place.type] ?? Int.max) : 0
      }
      .sorted { $0.key < $1.key }.map(\.value)
      let top = y + Self.regionTitle + Self.padding
      var row = 0
      var column = 0
      for group in groups {
        if column > 0 {
          row += 1
          column = 0
        }
        let pulls =
          sweep > 0
          ? Dictionary(uniqueKeysWithValues: group.map(\.type).uniqued().map { ($0, pull($0)) })
          : [:]
        let ordered = group.sorted { left, right in
          let l = typeRank[left.type] ?? (1, 0)
          let r = typeRank[right.type] ?? (1, 0)
          let lp = pulls[left.type] ?? 0
          let rp = pulls[right.type] ?? 0
          return (left.lane, l.0, lp, l.1) < (right.lane, r.0, rp, r.1)
        }
        for place in ordered {
          if column == Self.columns {
            row += 1
            column = 0
          }
          for id in members where lane[id] ?? 0 == place.lane && type[id] ?? id == place.type {
            cards[id] = Box(
              x: Self.margin + Self.padding + column * (Self.cardWidth + Self.gap),
              y: top + row * (Self.cardHeight + Self.gap), width: Self.cardWidth,
              height: Self.cardHeight)
          }
          column += 1
        }
      }
      let rows = places.isEmpty ? 1 : row + 1
      let regionHeight =
        Self.regionTitle + 2 * Self.padding + rows * (Self.cardHeight + Self.gap) - Self.gap
      regions.append(
        Region(
          scope: name,
          box: Box(x: Self.margin, y: y, width: Self.regionWidth, height: regionHeight)))
      y += regionHeight + Self.gap
    }
    width = Self.regionWidth + 2 * Self.margin
    height = max(y - Self.gap + Self.margin, 2 * Self.margin)
  }

  /// Every region's width: four cards and their gaps, padded.
  static var regionWidth: Int { columns * cardWidth + (columns - 1) * gap + 2 * padding }
}

extension Array where Element: Hashable {
  /// The elements in order, each kept the first time it appears.
  func uniqued() -> [Element] {
    var seen: Set<Element> = []
    return filter { seen.insert($0).inserted }
  }
}
