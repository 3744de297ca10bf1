import ObjectTrace

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
  /// The explorer: one self-contained page to step through (no network).
  case html
  /// A picture of one step (`--step`), or of every step stacked, for a lesson on GitHub.
  case svg

  /// Renders `trace` in this format; the result ends with a newline. The pictures and the page
  /// label what they draw in `language` (`en` or `ko`), and draw its scopes as `scopes` says
  /// (their order, titles and colours); the text, the Markdown formats and the page point to
  /// `findingPages` for what each finding means.
  public func render(
    _ trace: Trace, language: Language = .english, findingPages: FindingPages? = nil,
    scopes: ScopeStyle = .plain
  ) -> String {
    switch self {
    case .text: TextTraceRenderer(findingPages: findingPages).render(trace)
    case .json: Self.jsonText(trace)
    case .mermaid: MermaidTraceRenderer(findingPages: findingPages, style: scopes).render(trace)
    case .dot: DotTraceRenderer(style: scopes).render(trace)
    case .facts: FactsTraceRenderer().render(trace)
    case .timeline: TimelineTraceRenderer(findingPages: findingPages).render(trace)
    case .html:
      HTMLTraceRenderer(language: language, findingPages: findingPages, style: scopes).page(trace)
    case .svg:
      SVGTraceRenderer(
        layout: TraceLayout([trace], style: scopes), texts: .in(language), style: scopes
      )
      .document(trace, onlyStep: nil)
    }
  }

  /// Renders only the step named `step` of `trace` (everything when `step` is `nil`), numbered
  /// and headed as in the whole trace. The page (`html`) always has every step, and opens at
  /// `step`'s when its address names it (`page.html#sign-out`).
  public func render(
    _ trace: Trace, onlyStep step: String?, language: Language = .english,
    findingPages: FindingPages? = nil, scopes: ScopeStyle = .plain
  ) -> String {
    guard let step, self != .html else {
      return render(trace, language: language, findingPages: findingPages, scopes: scopes)
    }
    if self == .svg {
      return SVGTraceRenderer(
        layout: TraceLayout([trace], style: scopes), texts: .in(language), style: scopes
      )
      .document(trace, onlyStep: step)
    }
    guard let parts = steps(of: trace, findingPages: findingPages) else {
      var one = trace
      one.steps = trace.steps.filter { $0.name == step }
      return render(one, findingPages: findingPages, scopes: scopes)
    }
    let kept = parts.header + (parts.steps.first { $0.name == step }?.lines ?? [])
    return kept.joined(separator: "\n") + "\n"
  }

  /// A rendering read step by step: its first lines, then each step's.
  package struct Parts: Sendable {
    package var header: [String]
    /// Each step's name and lines, in order.
    package var steps: [(name: String, lines: [String])]
  }

  /// For the formats read step by step (text, facts): the rendering as its header and one part
  /// per step, built by the renderer — joined with newlines, with one at the end, they are
  /// `render(trace)` (a text step's lines start with the blank line before its heading). `nil`
  /// for the other formats.
  package func steps(of trace: Trace, findingPages: FindingPages? = nil) -> Parts? {
    switch self {
    case .text: TextTraceRenderer(findingPages: findingPages).parts(trace)
    case .facts: FactsTraceRenderer().parts(trace)
    default: nil
    }
  }

  /// The text trace's header, for printing a trace step by step as the story plays: followed by
  /// ``textStep(_:number:findingPages:)`` for every step of a story whose steps are `stepNames`, it is
  /// exactly `TraceFormat.text.render` of the whole trace.
  package static func textHeader(chapter: Int?, title: String, stepNames: [String]) -> String {
    TextTraceRenderer().header(chapter: chapter, title: title, stepNames: stepNames)
      .joined(separator: "\n") + "\n"
  }

  /// One step of the text trace, numbered from 1, with the blank line before it.
  package static func textStep(
    _ step: Trace.Step, number: Int, findingPages: FindingPages? = nil
  ) -> String {
    "\n"
      + TextTraceRenderer(findingPages: findingPages).lines(of: step, number: number)
      .joined(separator: "\n") + "\n"
  }

  /// `value` as the workbook prints JSON: pretty, keys sorted, slashes unescaped, a final newline.
  package static func jsonText(_ value: some Encodable) -> String { Trace.jsonText(value) }
}
