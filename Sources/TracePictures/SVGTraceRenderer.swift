import ObjectTrace

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Draws the steps of a trace as SVG on a ``TraceLayout``: scopes as regions, each object a
/// card in its place, stored references as arrows, and on each card what the step did to it
/// (`new`, `released`) and its findings (`⚠ stale`) as labelled badges, not colour alone.
///
/// `--format svg --step NAME` is one step, for a lesson on GitHub; `--format svg` alone stacks
/// the five steps. The explorer page (``HTMLTraceRenderer``) embeds the same drawings.
struct SVGTraceRenderer {
  /// The places of the objects.
  let layout: TraceLayout
  /// The words of the picture.
  let texts: ExplorerTexts
  /// The scopes' titles and colours (the layout was made with the same style).
  let style: ScopeStyle

  /// The style sheet of a drawing on `layout`: ``ExplorerStyle/picture(_:)`` for its scopes.
  static func styleSheet(_ style: ScopeStyle, layout: TraceLayout) -> String {
    ExplorerStyle.picture(style.styled(layout.regions.map(\.scope)))
  }

  /// The height of a standalone picture's title line.
  static let titleHeight = 40

  /// A standalone SVG document of `trace`'s step named `stepName`, or of every step, stacked,
  /// when `stepName` is `nil` (or names no step).
  func document(_ trace: Trace, onlyStep stepName: String?) -> String {
    let chosen = trace.steps.enumerated().filter { stepName == nil || $0.element.name == stepName }
    let steps = chosen.isEmpty ? Array(trace.steps.enumerated()) : chosen
    let stepHeight = Self.titleHeight + layout.height
    let height = max(1, steps.count) * stepHeight
    let label = texts.pictureLabel(trace.chapter, steps.map(\.element.name).joined(separator: ", "))
    var lines = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(layout.width) \(height)\" "
        + "width=\"\(layout.width)\" height=\"\(height)\" role=\"img\" "
        + "aria-label=\"\(Markup.escaped(label))\" font-family=\"sans-serif\">",
      "<style>\(Self.styleSheet(style, layout: layout))</style>",
      Self.definitions,
      "<rect class=\"paper\" width=\"\(layout.width)\" height=\"\(height)\"/>",
    ]
    for (row, (index, step)) in steps.enumerated() {
      let top = row * stepHeight
      let title =
        texts.chapterTitle(trace.chapter, trace.title) + " — "
        + texts.stepOf(index + 1, trace.steps.count, step.name)
      lines.append("<g transform=\"translate(0 \(top))\">")
      lines.append(
        "<text class=\"title\" x=\"\(TraceLayout.margin)\" y=\"18\">\(Markup.escaped(title))</text>"
      )
      lines.append(
        "<text class=\"screen\" x=\"\(TraceLayout.margin)\" y=\"34\">"
          + "\(Markup.escaped(texts.screen + " " + step.screen))</text>")
      lines.append("<g transform=\"translate(0 \(Self.titleHeight))\">")
      lines += drawing(of: step)
      lines += ["</g>", "</g>"]
    }
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The arrowheads every drawing uses, defined once per document.
  static let definitions = [
    "<defs>",
    marker("arrow", "#5f6368"), marker("arrow-back", "#9aa0a6"), marker("arrow-weak", "#1a73e8"),
    marker("arrow-only", "#e37400"),
    "</defs>",
  ].joined(separator: "\n")

  private static func marker(_ id: String, _ colour: String) -> String {
    "<marker id=\"\(id)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" "
      + "markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" "
      + "fill=\"\(colour)\"/></marker>"
  }

  /// What someone else's drawing of the same step lacks, to mark in this one (the diff page).
  struct Difference {
    /// Ids alive here and not there.
    var objects: Set<String> = []
    /// `from.label→to` references drawn here and not there.
    var references: Set<String> = []
    /// The words on a card only this drawing has.
    var label = ""
  }

  /// One step's regions, references and cards, as SVG elements in layout coordinates.
  func drawing(of step: Trace.Step, difference: Difference? = nil) -> [String] {
    var lines: [String] = []
    for region in layout.regions {
      let box = region.box
      let title =
        style.title(of: region.scope, in: texts.language) ?? texts.regionTitles[region.scope]
        ?? region.scope
      lines.append(
        "<g class=\"region region-\(Markup.className(region.scope))\">"
          + "<rect x=\"\(box.x)\" y=\"\(box.y)\" width=\"\(box.width)\" height=\"\(box.height)\" "
          + "rx=\"10\"/><text x=\"\(box.x + TraceLayout.padding)\" y=\"\(box.y + 19)\">"
          + "\(Markup.escaped(title))</text></g>")
    }
    lines += references(of: step, difference: difference)
    let created = Set(step.created)
    let released = Set(step.released)
    let findings = step.findingKinds
    let globals = Set(step.roots.filter(\.global).map(\.object))
    for id in (step.live + step.released).uniqued() {
      guard let box = layout.cards[id] else { continue }
      var badges: [(kind: String, text: String)] = []
      if created.contains(id) { badges.append(("new", texts.created)) }
      if released.contains(id) { badges.append(("released", texts.released)) }
      if globals.contains(id) { badges.append(("global", texts.global)) }
      if let difference, difference.objects.contains(id) {
        badges.append(("only", difference.label))
      }
      for kind in findings[id] ?? [] { badges.append(("finding", "⚠ \(kind)")) }
      var classes = ["object", "scope-" + Markup.className(layout.scopes[id] ?? "untraced")]
      if layout.containers.contains(id) { classes.append("container") }
      if created.contains(id) { classes.append("created") }
      if released.contains(id) { classes.append("released") } else { classes.append("live") }
      if findings[id] != nil { classes.append("finding") }
      if difference?.objects.contains(id) == true { classes.append("only") }
      let label = ([id] + badges.map(\.text)).joined(separator: ", ")
      var card = [
        "<g class=\"\(classes.joined(separator: " "))\" data-id=\"\(Markup.escaped(id))\" "
          + "data-findings=\"\(Markup.escaped((findings[id] ?? []).map(\.rawValue).joined(separator: " ")))\" "
          + "transform=\"translate(\(box.x) \(box.y))\" tabindex=\"0\" role=\"button\" "
          + "aria-label=\"\(Markup.escaped(label))\">",
        "<rect class=\"card\" width=\"\(box.width)\" height=\"\(box.height)\" rx=\"7\"/>",
      ]
      // A long name is squeezed to fit its card rather than run over its neighbour.
      let room = Double(box.width - 20)
      let squeeze =
        Markup.width(of: id, size: 12.5) > room
        ? " textLength=\"\(Int(room))\" "
          + "lengthAdjust=\"spacingAndGlyphs\"" : ""
      card.append("<text class=\"id\" x=\"10\" y=\"19\"\(squeeze)>\(Markup.escaped(id))</text>")
      var x = 10.0
      for badge in badges {
        let width = (Markup.width(of: badge.text, size: 10.5) + 12).rounded()
        guard x + width <= Double(box.width) - 4 else { break }
        card.append(
          "<g class=\"badge badge-\(badge.kind)\" transform=\"translate(\(Int(x)) 27)\">"
            + "<rect width=\"\(Int(width))\" height=\"16\" rx=\"8\"/>"
            + "<text x=\"6\" y=\"12\">\(Markup.escaped(badge.text))</text></g>")
        x += width + 5
      }
      card.append("</g>")
      lines.append(card.joined())
    }
    return lines
  }

  /// The step's stored references between drawn objects, one arrow per pair of objects: solid
  /// for the first strong reference that reaches an object from the roots (the tree the text
  /// trace prints), dashed grey for one to an object reached before (a back-reference), dotted
  /// for `weak` and `unowned`.
  private func references(of step: Trace.Step, difference: Difference?) -> [String] {
    var lines: [String] = []
    for arrow in Self.arrows(of: step, in: layout) {
      let only =
        difference.map { !$0.references.isDisjoint(with: arrow.keys) } ?? false
      let kind = only ? "only" : !arrow.holds ? "weak" : arrow.back ? "back" : "tree"
      let marker = kind == "tree" ? "arrow" : "arrow-\(kind)"
      let title = arrow.labels.map { "\(arrow.from).\($0) → \(arrow.to)" }.joined(separator: "\n")
      lines.append(
        "<path class=\"edge \(kind)\" data-from=\"\(Markup.escaped(arrow.from))\" "
          + "data-to=\"\(Markup.escaped(arrow.to))\" "
          + "d=\"M" + arrow.points.map { "\($0.x),\($0.y)" }.joined(separator: " L") + "\" "
          + "marker-end=\"url(#\(marker))\"><title>\(Markup.escaped(title))</title></path>")
    }
    return lines
  }

  /// One arrow of a drawing: every stored reference from one drawn object to another.
  struct Arrow {
    var from: String
    var to: String
    /// The property names, with `(weak)` or `(unowned)`.
    var labels: [String]
    /// The references as the diff page compares them (``referenceKey(_:)``).
    var keys: [String]
    /// Whether any of them keeps its target alive.
    var holds: Bool
    /// Whether all of them reach an object reached before (back-references).
    var back: Bool
    /// Its corners: where it leaves `from`'s card, the bends of its way around the other cards
    /// (``ArrowRoute``), where it reaches `to`'s.
    var points: [(x: Int, y: Int)]
  }

  /// The arrows of `step` in `layout`, in the order of their first reference: the geometry the
  /// picture draws and ``PictureReading`` counts.
  static func arrows(of step: Trace.Step, in layout: TraceLayout) -> [Arrow] {
    let back = Self.backReferences(step)
    var order: [String] = []
    typealias Pair = (
      from: String, to: String, labels: [String], keys: [String], holds: Bool, back: Bool
    )
    var pairs: [String: Pair] = [:]
    for edge in step.edges where edge.from != edge.to {
      guard layout.cards[edge.from] != nil, layout.cards[edge.to] != nil else { continue }
      let key = edge.from + "\u{0}" + edge.to
      let label = edge.shownLabel
      if var pair = pairs[key] {
        pair.labels.append(label)
        pair.keys.append(Self.referenceKey(edge))
        pair.holds = pair.holds || edge.holds
        pair.back = pair.back && back.contains(edge)
        pairs[key] = pair
      } else {
        order.append(key)
        pairs[key] = (
          edge.from, edge.to, [label], [Self.referenceKey(edge)], edge.holds, back.contains(edge)
        )
      }
    }
    let drawn = (step.live + step.released).uniqued()
    let found = order.compactMap { key -> (pair: Pair, ways: [ArrowRoute])? in
      guard let pair = pairs[key], let from = layout.cards[pair.from],
        let to = layout.cards[pair.to]
      else { return nil }
      let others = drawn.filter { $0 != pair.from && $0 != pair.to }.compactMap {
        layout.cards[$0]
      }
      return (pair, ArrowRoute.candidates(from: from, to: to, avoiding: others))
    }
    // The arrows with one way first; then each of the others takes the way that crosses the
    // fewest arrows drawn by default so far (the shortest of those) — in a step with hundreds
    // of arrows, the shortest.
    var settled: [(pair: Pair, route: ArrowRoute)] = found.compactMap {
      $0.ways.count == 1 ? ($0.pair, $0.ways[0]) : nil
    }
    func crossings(_ route: ArrowRoute, of pair: Pair) -> Int {
      settled.filter { other in
        !other.pair.back
          && !PictureReading.meet((pair.from, pair.to), (other.pair.from, other.pair.to))
          && PictureReading.lines(route.points, other.route.points)
      }.count
    }
    var chosen: [Int: ArrowRoute] = [:]
    for (index, item) in found.enumerated()
    where item.ways.count > 1 && found.count <= TraceLayout.sweptObjects {
      let best = item.ways.enumerated().min {
        (crossings($0.element, of: item.pair), $0.offset)
          < (crossings($1.element, of: item.pair), $1.offset)
      }
      let route = best?.element ?? item.ways[0]
      chosen[index] = route
      settled.append((item.pair, route))
    }
    var routes = ArrowRoute.lanes(
      found.enumerated().map { index, item in chosen[index] ?? item.ways[0] })
    // Two cards that refer to each other: each straight arrow moves to its own left, so that the
    // two lie side by side, each with its own head and colour, instead of on one line.
    for (index, item) in found.enumerated() where !routes[index].routed {
      let returns = found.contains { $0.pair.from == item.pair.to && $0.pair.to == item.pair.from }
      if returns { routes[index] = routes[index].movedLeft(by: ArrowRoute.pairSpacing) }
    }
    return zip(found, routes).map { found, route in
      let pair = found.pair
      return Arrow(
        from: pair.from, to: pair.to, labels: pair.labels, keys: pair.keys, holds: pair.holds,
        back: pair.back, points: route.points)
    }
  }

  /// A stored reference as the diff page compares it: `From#1.label (weak)→To#1`.
  static func referenceKey(_ edge: Trace.Edge) -> String {
    "\(edge.from).\(edge.shownLabel)→\(edge.to)"
  }

  /// The references that reach an object already reached from the roots, depth first in stored
  /// order: the ones the text trace prints as `→ Type#n`.
  static func backReferences(_ step: Trace.Step) -> Set<Trace.Edge> {
    var outgoing: [String: [Trace.Edge]] = [:]
    for edge in step.edges { outgoing[edge.from, default: []].append(edge) }
    var reached: Set<String> = []
    var back: Set<Trace.Edge> = []
    // Iterative depth-first walk: an edge to an object reached before is a back-reference.
    func walk(_ start: String) {
      guard reached.insert(start).inserted else { return }
      var path: [(id: String, next: Int)] = [(start, 0)]
      while let top = path.last {
        let edges = outgoing[top.id] ?? []
        guard top.next < edges.count else {
          path.removeLast()
          continue
        }
        path[path.count - 1].next += 1
        let edge = edges[top.next]
        if reached.insert(edge.to).inserted {
          path.append((edge.to, 0))
        } else {
          back.insert(edge)
        }
      }
    }
    for root in step.roots { walk(root.object) }
    return back
  }

  /// Where the line from `box`'s centre toward `point` leaves the box, rounded to a pixel.
  static func border(of box: TraceLayout.Box, toward point: (x: Double, y: Double)) -> (
    x: Int, y: Int
  ) {
    let center = box.center
    let dx = point.x - center.x
    let dy = point.y - center.y
    guard dx != 0 || dy != 0 else { return (Int(center.x), Int(center.y)) }
    let halfWidth = Double(box.width) / 2 + 3
    let halfHeight = Double(box.height) / 2 + 3
    let scale = min(
      dx == 0 ? .infinity : halfWidth / abs(dx), dy == 0 ? .infinity : halfHeight / abs(dy))
    return (Int((center.x + dx * scale).rounded()), Int((center.y + dy * scale).rounded()))
  }
}
