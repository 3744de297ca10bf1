/// Renders a trace as Graphviz: one `digraph` per step, objects clustered by scope.
struct DotTraceRenderer {
  private let colours = ["app": "#e8f0fe", "onboarding": "#fff4e0", "signed-in": "#e6f4ea"]

  func render(_ trace: Trace) -> String {
    var lines: [String] = []
    for step in trace.steps {
      let keys = GraphKeys(step)
      let flagged = Set(step.findings.map(\.object))
      lines.append("digraph \"chapter\(trace.chapter) \(step.name)\" {")
      lines.append("  label=\"Chapter \(trace.chapter): \(trace.title) — \(step.name)\";")
      lines.append("  rankdir=LR;")
      lines.append("  node [shape=box, style=filled, fontname=\"Helvetica\"];")
      for node in step.nodes {
        guard let scope = node.scope else { continue }
        let border = flagged.contains(node.id) ? ", color=\"#d93025\", penwidth=3" : ""
        let fill = colours[scope] ?? "#ffffff"
        lines.append(
          "  \(keys[node.id]) [label=\"\(node.id)\\n\(scope)\", fillcolor=\"\(fill)\"\(border)];")
      }
      for edge in step.edges {
        lines.append("  \(keys[edge.from]) -> \(keys[edge.to]) [label=\"\(edge.label)\"];")
      }
      lines.append("}")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
