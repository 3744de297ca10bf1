import ObjectTrace

/// Renders a trace as facts, one per line — the view for `diff`-ing two chapters.
///
/// Every line stands alone: the step, then one fact about one object (`live`, `created`,
/// `released`, `root`, `edge`, `factory`, `field`, `held`, `finding`), sorted within the step. Nothing wraps and nothing is
/// indented by depth, so the diff of two chapters shows only lines that carry a real difference,
/// and each line says which step it belongs to.
struct FactsTraceRenderer {
  func render(_ trace: Trace) -> String {
    let parts = self.parts(trace)
    return (parts.header + parts.steps.flatMap(\.lines)).joined(separator: "\n") + "\n"
  }

  /// The title line, then each step's facts.
  func parts(_ trace: Trace) -> TraceFormat.Parts {
    let scopes = Dictionary(
      trace.objects.map { ($0.id, $0.scope) }, uniquingKeysWith: { first, _ in first })
    return TraceFormat.Parts(
      header: [trace.heading],
      steps: trace.steps.map { ($0.name, facts(of: $0, scopes: scopes)) })
  }

  /// One step's facts, sorted within each kind, each line starting with the step's name.
  private func facts(of step: Trace.Step, scopes: [String: String]) -> [String] {
    let name = step.name + String(repeating: " ", count: max(1, 9 - step.name.count))
    var facts = ["screen   \(step.screen)"]
    facts += step.created.sorted().map { "created  \($0)" }
    facts += step.released.sorted().map { "released \($0)" }
    facts += step.live.sorted().map { "live     \($0) [\(scopes[$0] ?? "?")]" }
    facts += step.roots.map { root in
      "root     \(root.global ? "global " : "")\(root.label) → \(root.object)"
    }.sorted()
    facts += step.edges.map { edge in
      "edge     \(edge.from).\(edge.label) → \(edge.to)"
        + (edge.isCapture ? " (captured)" : "") + (edge.ownership.map { " (\($0.rawValue))" } ?? "")
    }.sorted()
    let traced = step.nodes.filter { $0.scope != nil }
    facts += traced.flatMap { node in
      node.links.compactMap { link in
        link.factory.map { "factory  \(node.id).\(link.label) = ƒ \($0)" }
      }
    }.sorted()
    facts += traced.flatMap { node in
      node.fields.map { "field    \(node.id).\($0.label) = \($0.text)" }
    }.sorted()
    facts += step.holders.flatMap { holding in
      holding.heldBy.map { "held     \(holding.object) by \($0)" }
    }.sorted()
    facts += step.findings.map { "finding  \($0.kind) \($0.object): \($0.detail)" }.sorted()
    return facts.map { name + $0 }
  }
}
