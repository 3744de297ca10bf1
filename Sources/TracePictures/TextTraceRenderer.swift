import ObjectTrace

/// Renders a trace as the text a learner reads: per step, what the screen shows, what was
/// created and released, the live graph as a tree (shared objects as `→ Type#n`), findings.
struct TextTraceRenderer {
  /// Lines of created / released ids wrap at this width.
  private let width = 96
  /// Where the pages that explain each finding are; no pointer to them when `nil`.
  var findingPages: FindingPages?

  func render(_ trace: Trace) -> String {
    let parts = self.parts(trace)
    return (parts.header + parts.steps.flatMap(\.lines)).joined(separator: "\n") + "\n"
  }

  /// The header, then each step's lines after the blank line that opens it.
  func parts(_ trace: Trace) -> TraceFormat.Parts {
    TraceFormat.Parts(
      header: header(
        chapter: trace.chapter, title: trace.title, stepNames: trace.steps.map(\.name)),
      steps: trace.steps.enumerated().map { number, step in
        (step.name, [""] + lines(of: step, number: number + 1))
      })
  }

  /// The trace's first lines: the run (the chapter, when it is one) and the story's steps.
  func header(chapter: Int?, title: String, stepNames: [String]) -> [String] {
    [
      Trace.heading(chapter: chapter, title: title),
      "story: " + stepNames.joined(separator: " → "),
    ]
  }

  /// One step's lines, its heading first.
  func lines(of step: Trace.Step, number: Int) -> [String] {
    var lines: [String] = []
    let heading = "── step \(number): \(step.name) "
    lines.append(heading + String(repeating: "─", count: max(3, width - heading.count)))
    lines.append("screen    \(step.screen)")
    lines += wrapped("created", step.created)
    lines += wrapped("released", step.released)
    lines.append("live      \(step.live.count) object\(step.live.count == 1 ? "" : "s")")
    lines += tree(step)
    if step.walkStopped {
      lines.append(
        "walk      stopped at \(ObjectGraph.maximumObjects) objects; the rest are not shown")
    }
    let unseen = unreachable(step)
    if !unseen.isEmpty { lines += wrapped("unwalked", unseen) }
    lines += heldBy(step)
    if step.findings.isEmpty {
      lines.append("findings  none")
    } else {
      lines.append("findings")
      for finding in step.findings {
        lines.append("  ! \(finding.kind) \(finding.object): \(finding.detail)")
      }
      // Where each kind is explained: cause, how to fix, when it is fine to ignore.
      if let findingPages {
        let pages = step.findings.map(\.kind).uniqued().map { findingPages.page($0) }
        lines.append("  → " + pages.joined(separator: ", "))
      }
    }
    return lines
  }

  /// `title` padded to a column, then `lead`, then the ids, wrapped at ``width``; wrapped lines
  /// are indented under the first id's column (two more spaces when there is a lead).
  private func wrapped(_ title: String, _ ids: [String], lead: String = "") -> [String] {
    let prefix = title + String(repeating: " ", count: max(0, 10 - title.count))
    guard !ids.isEmpty else { return [prefix + lead + "—"] }
    let indent = String(repeating: " ", count: prefix.count + (lead.isEmpty ? 0 : 2))
    var lines: [String] = []
    var line = prefix + lead
    var lineHasIDs = false
    for (index, id) in ids.enumerated() {
      let piece = id + (index < ids.count - 1 ? "," : "")
      if lineHasIDs, line.count + 1 + piece.count > width {
        lines.append(line)
        line = indent
        lineHasIDs = false
      }
      line += (lineHasIDs || !lead.isEmpty ? " " : "") + piece
      lineHasIDs = true
    }
    lines.append(line)
    return lines
  }

  /// What each container and global holds directly, one line each: the scopes at a glance.
  private func heldBy(_ step: Trace.Step) -> [String] {
    var holders: [String] = []
    var held: [String: [String]] = [:]
    for holding in step.holders {
      for holder in holding.heldBy {
        if held[holder] == nil { holders.append(holder) }
        held[holder, default: []].append(holding.object)
      }
    }
    let scopes = Dictionary(
      step.nodes.map { ($0.id, $0.scope ?? "") }, uniquingKeysWith: { first, _ in first })
    return holders.enumerated().flatMap { index, holder in
      let name = scopes[holder].map { "\(holder) [\($0)]" } ?? holder
      let title = index == 0 ? "held by" : ""
      return wrapped(title, held[holder] ?? [], lead: "\(name):")
    }
  }

  /// Live objects the walk from the roots never reached: held only by closures or cycles.
  private func unreachable(_ step: Trace.Step) -> [String] {
    let walked = Set(step.nodes.map(\.id))
    return step.live.filter { !walked.contains($0) }
  }

  // MARK: - The live graph as a tree

  private func tree(_ step: Trace.Step) -> [String] {
    let nodes = Dictionary(step.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var printed: Set<String> = []
    var lines: [String] = []

    func describe(_ node: Trace.Node) -> String {
      switch node.scope {
      case nil: "\(node.id) (not walked)"
      case LifetimeScope.untraced.name: "\(node.id) (untraced)"
      case let scope?: "\(node.id) [\(scope)]"
      }
    }

    func walk(_ node: Trace.Node, indent: String) {
      let children = node.links.count
      for field in node.fields {
        lines.append(indent + (children > 0 ? "│  " : "   ") + "· \(field.label) = \(field.text)")
      }
      for (index, link) in node.links.enumerated() {
        let last = index == children - 1
        let branch = indent + (last ? "└─ " : "├─ ")
        let inner = indent + (last ? "   " : "│  ")
        // A reference that holds nothing says so: `signedInContainer (weak) → …`; what a
        // closure captured too: `onTap (captured) → …`.
        let label =
          link.label + (link.captured ? " (captured)" : "")
          + (link.ownership.holds ? "" : " (\(link.ownership.rawValue))")
        guard let id = link.to, let child = nodes[id] else {
          lines.append(branch + "\(label): ƒ \(link.factory ?? "closure")")
          continue
        }
        if printed.contains(id) {
          lines.append(branch + "\(label) → \(id)")
        } else {
          printed.insert(id)
          lines.append(branch + "\(label): \(describe(child))")
          walk(child, indent: inner)
        }
      }
    }

    for root in step.roots {
      guard let node = nodes[root.object] else { continue }
      let title = root.global ? "global \(root.label)" : root.label
      if printed.contains(root.object) {
        lines.append("\(title) → \(root.object)")
        continue
      }
      printed.insert(root.object)
      lines.append("\(title): \(describe(node))")
      walk(node, indent: "  ")
    }
    return lines.map { "  " + $0 }
  }
}
