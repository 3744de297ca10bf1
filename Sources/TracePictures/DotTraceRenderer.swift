import ObjectTrace

/// Renders a trace as Graphviz: one `digraph` per step, objects clustered by scope.
struct DotTraceRenderer {
  /// The scopes' colours.
  var style: ScopeStyle

  func render(_ trace: Trace) -> String {
    var lines: [String] = []
    let colours = Dictionary(
      style.styled(trace.objects.map(\.scope)).map { ($0.scope, $0.colours?.node) },
      uniquingKeysWith: { first, _ in first })
    for step in trace.steps {
      let keys = GraphKeys(step)
      let marks = GraphKeys.findingMarks(step)
      let graph = trace.chapter.map { "chapter\($0)" } ?? trace.title
      lines.append("digraph \"\(graph) \(step.name)\" {")
      lines.append("  label=\"\(trace.heading) — \(step.name)\";")
      lines.append("  rankdir=LR;")
      lines.append("  node [shape=box, style=filled, fontname=\"Helvetica\"];")
      for node in step.nodes {
        guard let scope = node.scope else { continue }
        let mark = marks[node.id]
        let border = mark == nil ? "" : ", color=\"#d93025\", penwidth=3"
        let fill = (colours[scope] ?? nil) ?? "#ffffff"
        let label = "\(node.id)\\n\(scope)" + (mark.map { "\\n⚠ \($0)" } ?? "")
        lines.append(
          "  \(keys[node.id]) [label=\"\(label)\", fillcolor=\"\(fill)\"\(border)];")
      }
      for (index, root) in step.roots.enumerated() where root.global {
        lines.append(
          "  g\(index) [label=\"global \(root.label)\", shape=ellipse, style=dashed];")
        lines.append("  g\(index) -> \(keys[root.object]);")
      }
      for edge in step.edges {
        // A dashed arrow for a reference that holds nothing (`weak`, `unowned`).
        let attributes = "label=\"\(edge.shownLabel)\"" + (edge.holds ? "" : ", style=dashed")
        lines.append("  \(keys[edge.from]) -> \(keys[edge.to]) [\(attributes)];")
      }
      lines.append("}")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
