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

  /// Renders `trace` in this format; the result ends with a newline.
  public func render(_ trace: Trace) -> String {
    switch self {
    case .text: TextTraceRenderer().render(trace)
    case .json: Self.json(trace)
    case .mermaid: MermaidTraceRenderer().render(trace)
    case .dot: DotTraceRenderer().render(trace)
    case .facts: FactsTraceRenderer().render(trace)
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
