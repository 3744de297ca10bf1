import Foundation

// MARK: - report

extension WorkbookCommand {
  /// `report FILE [--format markdown|exercism]`: the grader's report that `check --all --json`
  /// printed, printed again for a grading tool. It reads the report and runs nothing, so every
  /// adapter shows the verdicts of one run.
  mutating func report(_ arguments: [String]) -> Int32 {
    var rest = arguments
    var format = "markdown"
    if let index = rest.firstIndex(where: { $0 == "--format" || $0.hasPrefix("--format=") }) {
      format =
        rest[index] == "--format"
        ? (rest.indices.contains(index + 1) ? rest.remove(at: index + 1) : "")
        : String(rest[index].dropFirst("--format=".count))
      rest.remove(at: index)
      guard format == "markdown" || format == "exercism" else {
        return usageError(texts.reportFormat(Self.quoted(format)), command: "report")
      }
    }
    guard let path = rest.first else {
      return usageError(texts.reportNeedsFile, command: "report")
    }
    guard rest.count == 1 else { return usageError(unexpected: rest[1], command: "report") }
    let report: GraderReport
    do {
      let data =
        path == "-"
        ? FileHandle.standardInput.readDataToEndOfFile()
        : try Data(contentsOf: URL(fileURLWithPath: path))
      report = try JSONDecoder().decode(GraderReport.self, from: data)
    } catch {
      let why = (error as? DecodingError).map(Self.describe) ?? error.localizedDescription
      return usageError(
        texts.reportUnreadable(Self.quoted(path), String(GradingMessage.capped(why).prefix(120))),
        command: "report")
    }
    let text =
      format == "exercism"
      ? ExercismResults(report: report).json : GradeSummary(report: report).markdown
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
