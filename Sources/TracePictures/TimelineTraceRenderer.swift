import ObjectTrace

/// Renders a trace as a lifetime timeline: every object × every step, as a Markdown table that
/// GitHub draws and `diff` reads (one row per object, in creation order).
///
/// A cell says what happened to the object in that step — `created`, `alive`, `released`, or
/// `created, released` — and names any finding about it there: `alive · stale`.
struct TimelineTraceRenderer {
  /// Where the pages that explain each finding are; no links to them when `nil`.
  var findingPages: FindingPages?

  func render(_ trace: Trace) -> String {
    var lines = [
      "# \(trace.heading) — lifetimes", "",
      "Generated from the real objects"
        + (trace.chapter.map { " by `chapter\($0) --format timeline`." } ?? "."), "",
      "| object | scope | " + trace.steps.map(\.name).joined(separator: " | ") + " |",
      "|---|---|" + String(repeating: "---|", count: trace.steps.count),
    ]
    let kinds = trace.steps.map(\.findingKinds)
    for object in trace.objects {
      let cells = zip(trace.steps, kinds).map {
        Self.cell(for: object.id, in: $0, kinds: $1[object.id] ?? [])
      }
      lines.append(
        "| \(object.id) | \(object.scope) | " + cells.joined(separator: " | ") + " |")
    }
    lines += findingLinks(trace)
    return lines.joined(separator: "\n") + "\n"
  }

  /// A closing line linking each finding kind of `trace` to its reference page, relative to a
  /// chapter's folder (where the golden files are); none when there is no finding.
  func findingLinks(_ trace: Trace) -> [String] {
    let kinds = trace.steps.flatMap { $0.findings.map(\.kind) }.uniqued()
    guard let findingPages, !kinds.isEmpty else { return [] }
    return [
      "",
      "What each finding means: "
        + kinds.map { "[\($0)](\(findingPages.pageFromChapter($0)))" }
        .joined(separator: ", ") + ".",
    ]
  }

  /// What happened to `id` in `step`, in words: `created`, `alive · stale`, or empty; `kinds`
  /// are its finding kinds there (``Trace/Step/findingKinds``).
  static func cell(for id: String, in step: Trace.Step, kinds: [Trace.Finding.Kind]) -> String {
    let created = step.created.contains(id)
    let released = step.released.contains(id)
    let alive = step.live.contains(id)
    var text =
      switch (created, released, alive) {
      case (true, true, _): "created, released"
      case (true, false, _): "created"
      case (false, true, _): "released"
      case (false, false, true): "alive"
      case (false, false, false): ""
      }
    if !kinds.isEmpty { text += " · " + kinds.map(\.rawValue).joined(separator: ", ") }
    return text
  }
}
