#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The output formats of a trace.
public enum TraceFormat: String, CaseIterable, Sendable {
  /// A readable, diffable report: the default.
  case text
  /// The JSON contract that tools and graders read.
  case json
  /// Markdown with one Mermaid flowchart per step.
  case mermaid
  /// Graphviz: one `digraph` per step.
  case dot
  /// One fact per line, each naming its step: the view for `diff`-ing two chapters.
  case facts
  /// Every object × every step as a Markdown table: created, alive, released, findings.
  case timeline

  /// Renders `trace` in this format; the result ends with a newline.
  public func render(_ trace: Trace) -> String {
    switch self {
    case .text: TextTraceRenderer().render(trace)
    case .json: Self.json(trace)
    case .mermaid: MermaidTraceRenderer().render(trace)
    case .dot: DotTraceRenderer().render(trace)
    case .facts: FactsTraceRenderer().render(trace)
    case .timeline: TimelineTraceRenderer().render(trace)
    }
  }

  /// Renders only the step named `step` of `trace` (everything when `step` is `nil`), numbered
  /// and headed as in the whole trace.
  public func render(_ trace: Trace, onlyStep step: String?) -> String {
    guard let step else { return render(trace) }
    switch self {
    case .text:
      // Keep the header and that step's section, so its heading keeps its number.
      var kept: [Substring] = []
      var keeping = true
      for line in render(trace).split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("── step ") {
          keeping = line.contains(": \(step) ")
        }
        if keeping { kept.append(line) }
      }
      while kept.last?.isEmpty == true { kept.removeLast() }
      return kept.joined(separator: "\n") + "\n"
    case .facts:
      let lines = render(trace).split(separator: "\n")
      return (lines.prefix(1) + lines.dropFirst().filter { $0.hasPrefix(step + " ") })
        .joined(separator: "\n") + "\n"
    case .json, .mermaid, .dot, .timeline:
      var one = trace
      one.steps = trace.steps.filter { $0.name == step }
      return render(one)
    }
  }

  private static func json(_ trace: Trace) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding plain strings, arrays and structs cannot fail.
    let data = (try? encoder.encode(trace)) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
