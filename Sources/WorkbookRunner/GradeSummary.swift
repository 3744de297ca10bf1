import KooberRules
import ObjectTrace

/// A grade as Markdown, in the report's language: the job summary a GitHub Actions run shows,
/// and the release body Classroom 50 shows the learner.
///
/// A heading with the points, then a table — one row per exercise: its number, slug and title,
/// points, verdict, and for an exercise that does not pass the first ✗ as `check` orders the
/// rules (the object, the step, the holder) or the TODO line or the first compiler error — and
/// a line with the next step. Every value from the learner's run is text, never Markdown or
/// HTML.
public struct GradeSummary: Sendable {
  public let report: GraderReport

  public init(report: GraderReport) { self.report = report }

  /// The summary, ending with a newline.
  public var markdown: String {
    let texts = RunnerTexts.in(report.language)
    var lines = [
      "## " + texts.gradeHeading(report.points, report.maxPoints), "",
      row(texts.gradeColumns),
      "|---:|---|---:|---|---|",
    ]
    for entry in report.exercises {
      lines.append(
        row([
          "\(entry.number)", "`\(entry.slug)` " + Self.cell(title(entry)),
          "\(entry.points) / \(entry.maxPoints)", verdict(entry, texts),
          Self.cell(why(entry) ?? ""),
        ]))
    }
    lines += ["", texts.gradeNext]
    return lines.joined(separator: "\n") + "\n"
  }

  /// One table row of cells already escaped.
  private func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }

  private func verdict(_ entry: GraderReport.Entry, _ texts: RunnerTexts) -> String {
    switch entry.status {
    case .pass: texts.gradePasses
    case .todo: texts.gradeNotDone
    case .compileError: texts.gradeDoesNotCompile
    case .fail:
      entry.rules.isEmpty ? "✗" : texts.gradeRulesHold(entry.rulesHeld, entry.rules.count)
    }
  }

  /// The exercise's title in the report's language.
  private func title(_ entry: GraderReport.Entry) -> String {
    Exercise.numbered(entry.number)?.title.text(in: report.language) ?? entry.title
  }

  /// What the learner should read first, or `nil` for a pass.
  private func why(_ entry: GraderReport.Entry) -> String? {
    guard entry.status != .pass else { return nil }
    return entry.firstFailure?.message ?? entry.message
  }

  /// `text` as the text of one table cell: on one line, cut (``GradingMessage/capped(_:)``),
  /// with what Markdown or HTML would read inside a cell (`|`, `\`, `` ` ``, `*`, `_`, `[`,
  /// `]`, `~`, `<`, `>`, `&`) escaped, so it shows as written.
  static func cell(_ text: String) -> String {
    var escaped = ""
    for character in GradingMessage.capped(text) {
      switch character {
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "&": escaped += "&amp;"
      case "|", "\\", "`", "*", "_", "[", "]", "~":
        escaped += "\\" + String(character)
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
