import Bilingual
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

// MARK: - The command line

extension ReportCommand: RunnerCommand {
  static let name = "report"
  /// What `--format` may ask for: a job summary, or exercism's results.
  enum Format: String, CaseIterable, Sendable {
    case markdown, exercism
  }

  /// `--format markdown|exercism`.
  static let formatOption = TypedOption<Format>(name: "format", defaultValue: .markdown, help: "")
  static let options = [formatOption.declaration]
  static let maximumArguments = 1
  static let summary = Localized(
    en: """
        report FILE [--format markdown|exercism]
                                the grader's report as a job summary (Markdown) or as
                                exercism's results.json
      """,
    ko: """
        report FILE [--format markdown|exercism]
                                채점용 보고서를 작업 요약(Markdown)이나 exercism의
                                results.json으로 바꿈
      """)
  static let usage = Localized(
    en: "usage: workbook report FILE [--format markdown|exercism]\n\n"
      + "Reads the grader's report that `workbook check --all --json` printed (FILE, or - for\n"
      + "standard input) and prints it again for a grading tool, in the report's language:\n"
      + "markdown (the default) is a table of every exercise's points, verdict and first ✗,\n"
      + "for a GitHub Actions job summary or a Classroom 50 release body; exercism is\n"
      + "exercism's results.json, version 3, a test per rule.\n",
    ko: "사용법: workbook report FILE [--format markdown|exercism]\n\n"
      + "`workbook check --all --json`이 출력한 채점용 보고서(FILE, 표준 입력은 -)를 읽어 채점\n"
      + "도구가 읽는 형식으로 다시 출력합니다. 언어는 보고서의 언어를 따릅니다. markdown(기본값)은\n"
      + "연습 문제마다 점수, 판정, 첫 번째 ✗를 적은 표로, GitHub Actions의 작업 요약이나\n"
      + "Classroom 50의 릴리스 본문에 넣는 용도입니다. exercism은 exercism의 results.json(버전 3)으로,\n"
      + "규칙 하나가 테스트 하나입니다.\n")

  static func invalidValue(_ quoted: String, of option: String, texts: RunnerTexts) -> String? {
    texts.reportFormat(quoted)
  }

  static func request(_ parsed: ParsedOptions, texts: RunnerTexts) -> Result<
    any RunnerRequest, RunnerCommandLine.Problem
  > {
    guard let path = parsed.arguments.first else {
      return .failure(.init(message: texts.reportNeedsFile, command: name))
    }
    return .success(Request(path: path, exercism: parsed[formatOption] == .exercism))
  }

  /// `workbook report FILE`.
  struct Request: RunnerRequest, Equatable {
    let path: String
    let exercism: Bool
    func subcommand(output: RunnerOutput) -> any RunnerSubcommand {
      ReportCommand(output: output, path: path, exercism: exercism)
    }
  }
}
