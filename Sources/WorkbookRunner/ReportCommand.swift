import CommandLineKit
import Foundation
import KooberRules
import KooberStory
import ObjectTrace

/// `workbook report FILE [--format markdown|exercism]`: the grader's report that `check --all
/// --json` printed, printed again for a grading tool. It reads the report and runs nothing, so
/// every adapter shows the verdicts of one run.
struct ReportCommand: RunnerSubcommand {
  let output: RunnerOutput
  /// The report's path, or `-` for standard input.
  let path: String
  /// `exercism` for exercism's results; Markdown otherwise.
  let exercism: Bool

  func run() -> Int32 {
    let report: GraderReport
    do {
      let data =
        path == "-"
        ? FileHandle.standardInput.readDataToEndOfFile()
        : try Data(contentsOf: URL(fileURLWithPath: path))
      report = try JSONDecoder().decode(GraderReport.self, from: data)
    } catch {
      let why = (error as? DecodingError).map(Self.describe) ?? error.localizedDescription
      return WorkbookCommand.usageError(
        texts.reportUnreadable(
          UsageError.quoted(path), String(GradingMessage.capped(why).prefix(120))),
        command: "report", texts: texts)
    }
    let text =
      exercism ? ExercismResults(report: report).json : GradeSummary(report: report).markdown
    say(text, trailingNewline: false)
    return finish(0)
  }

  /// A decoding error in a few words: what was wrong, and where.
  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        .joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "no \(key.stringValue)" + (context.codingPath.isEmpty ? "" : " in \(path(context))")
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(path(context)): \(context.debugDescription)"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty ? "not JSON" : "\(path(context)) is not readable"
    @unknown default:
      return "not readable"
    }
  }
}
