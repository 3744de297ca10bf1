import ObjectTrace

/// Renders a trace as Markdown with one Mermaid flowchart per step: the graph picture.
///
/// Nodes are coloured by scope; an object with a finding is drawn with a red border and says
/// which finding in its label (`⚠ stale`); each declared global is a labelled entry point.
package struct MermaidTraceRenderer {
  /// Where the pages that explain each finding are; no links to them when `nil`.
  var findingPages: FindingPages?
  /// The scopes' colours.
  var style: ScopeStyle

  func render(_ trace: Trace) -> String {
    var lines = ["# \(trace.heading) — object graph", ""]
    lines.append(
      "Generated from the real objects"
        + (trace.chapter.map { " by `chapter\($0) --format mermaid`." } ?? "."))
    for step in trace.steps {
      lines +=
        ["", "## \(step.name)", "", "Screen: \(step.screen)", ""]
        + Self.flowchart(step, style: style)
    }
    lines += TimelineTraceRenderer(findingPages: findingPages).findingLinks(trace)
    return lines.joined(separator: "\n") + "\n"
  }

  /// One step's picture: a fenced Mermaid flowchart, its scopes coloured as `style` says.
  package static func flowchart(_ step: Trace.Step, style: ScopeStyle) -> [String] {
    var lines = ["```mermaid", "flowchart LR"]
    let keys = GraphKeys(step)
    let marks = GraphKeys.findingMarks(step)
    for node in step.nodes where node.scope != nil {
      let label = node.id + (marks[node.id].map { "<br/>⚠ \($0)" } ?? "")
      lines.append("  \(keys[node.id])[\"\(label)\"]:::\(GraphKeys.className(node.scope))")
    }
    for (index, root) in step.roots.enumerated() where root.global {
      lines.append("  g\(index)([\"global \(root.label)\"]):::global")
      lines.append("  g\(index) --> \(keys[root.object])")
    }
    for edge in step.edges {
      // A dotted arrow for a reference that holds nothing (`weak`, `unowned`).
      let arrow = edge.holds ? "-->|\(edge.shownLabel)|" : "-.->|\(edge.shownLabel)|"
      lines.append("  \(keys[edge.from]) \(arrow) \(keys[edge.to])")
    }
    let flagged = Set(step.findings.map(\.object))
    for id in step.nodes.map(\.id) where flagged.contains(id) {
      lines.append("  class \(keys[id]) finding")
    }
    let scopes = step.nodes.compactMap(\.scope)
    for (scope, colours) in style.styled(scopes) {
      guard let colours else { continue }  // untraced: dashed, below, where there is one
      lines.append(
        "  classDef \(GraphKeys.className(scope)) fill:\(colours.node),stroke:\(colours.nodeStroke)"
      )
    }
    lines += [
      "  classDef finding stroke:#d93025,stroke-width:3px",
      "  classDef global fill:#f1f3f4,stroke:#5f6368,stroke-dasharray:4",
    ]
    if step.nodes.contains(where: { $0.scope == LifetimeScope.untraced.name }) {
      lines.append("  classDef untraced fill:#ffffff,stroke:#5f6368,stroke-dasharray:2")
    }
    lines.append("```")
    return lines
  }
}

/// Short, stable node names (`n0`, `n1`, …) for picture formats, in graph order.
struct GraphKeys {
  private var keys: [String: String] = [:]

  init(_ step: Trace.Step) {
    for (index, node) in step.nodes.enumerated() where keys[node.id] == nil {
      keys[node.id] = "n\(index)"
    }
  }

  subscript(id: String) -> String { keys[id] ?? "unknown" }

  /// For each object with findings in `step`, their kinds, e.g. `stale, captive`.
  static func findingMarks(_ step: Trace.Step) -> [String: String] {
    step.findingKinds.mapValues { $0.map(\.rawValue).joined(separator: ", ") }
  }

  /// A class name made of the scope name's letters, e.g. `signed-in` → `signedin`.
  static func className(_ scope: String?) -> String {
    String((scope ?? "untraced").filter { $0.isLetter })
  }
}
