import KooberStory
import ObjectTrace

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What an exercise's executable does: play the story on the learner's composition, run the
/// exercise's rules on the real objects, and report each verdict.
///
/// `exerciseN` prints the verdicts for a reader; `exerciseN --trace` prints the trace of the
/// learner's objects (as `chapterN` does); `exerciseN --json` prints a ``Report`` for
/// `workbook check`. Exit status: 0 when every rule holds, 1 when one does not, 2 for a bad
/// command line, ``todoExitStatus`` when the composition reached a `todo(…)`.
@MainActor public enum ExerciseCheck {
  /// The line `--json` prints just before its report: whatever the learner's code printed
  /// before it (a debugging `print`) is not part of the report.
  public nonisolated static let reportMarker = "── workbook report ──"

  /// What `--json` prints.
  public struct Report: Codable, Equatable, Sendable {
    /// The exercise's number.
    public let exercise: Int
    /// One verdict per rule, in the exercise's order.
    public let rules: [RuleResult]
  }

  /// Checks `chapter` (the learner's composition) against exercise `number`'s rules and ends
  /// the process. `extraRules` are the exercise's own rules beyond ``Rule/shared``.
  /// - Parameter chapter: the learner's composition, whose story the rules read; `nil` for an
  ///   exercise whose rules look at objects built alone (exercise 5), which has no trace.
  public static func main(
    exercise number: Int, chapter: Chapter?, extraRules: [Rule] = [],
    arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) async -> Never {
    let usage =
      "usage: exercise\(number) [--trace | --json]\n\nChecks exercise \(number)'s rules on "
      + "its composition; --trace prints the trace of its\nobjects; --json prints the report "
      + "`workbook check \(number)` reads.\n"
    if arguments == ["--help"] || arguments == ["-h"] {
      exitProcess(StandardStream.output.write(usage) ? 0 : 1)
    }
    let json = arguments == ["--json"]
    let trace = arguments == ["--trace"]
    guard let exercise = Exercise.numbered(number) else {
      StandardStream.error.write("exercise\(number): error: no exercise \(number) in the catalog\n")
      exitProcess(2)
    }
    guard json || trace || arguments.isEmpty else {
      let argument = arguments.first { !["--json", "--trace"].contains($0) } ?? arguments[0]
      StandardStream.error.write(
        "exercise\(number): error: unexpected argument \(UsageError.quoted(argument))\n\n"
          + usage)
      exitProcess(2)
    }
    if trace {
      guard let chapter else {
        StandardStream.error.write(
          "exercise\(number): error: this exercise checks objects built alone; it has no story "
            + "to trace\n\n" + usage)
        exitProcess(2)
      }
      let outcome = await Story.play(chapter)
      var text = TraceFormat.text.render(outcome.trace)
      if let failure = outcome.failure {
        text += "\nthe story stopped in step \(failure.step ?? "?"): \(failure.description)\n"
      }
      exitProcess(StandardStream.output.write(text) && outcome.failure == nil ? 0 : 1)
    }
    let report = await check(exercise, chapter: chapter, extraRules: extraRules)
    let written =
      json
      ? StandardStream.output.write("\n\(reportMarker)\n" + encode(report))
      : StandardStream.output.write(describe(report, exercise: exercise))
    exitProcess(!written ? 1 : report.rules.allSatisfy { $0.status == .pass } ? 0 : 1)
  }

  /// Plays the story on `chapter` and runs `exercise`'s rules on it.
  public static func check(_ exercise: Exercise, chapter: Chapter?, extraRules: [Rule] = [])
    async -> Report
  {
    let recording =
      if let chapter { await StoryRecording.record(chapter) } else { StoryRecording.none }
    let rules = extraRules + Rule.shared
    let results = exercise.rules.map { id in
      guard let rule = rules.first(where: { $0.id == id }) else {
        return RuleResult(id: id, status: .fail, message: "\(id) — this rule was not run")
      }
      return rule.result(for: recording)
    }
    return Report(exercise: exercise.number, rules: results)
  }

  static func encode(_ report: Report) -> String { TraceFormat.jsonText(report) }

  static func describe(_ report: Report, exercise: Exercise) -> String {
    var lines = ["Exercise \(exercise.number): \(exercise.title.en)"]
    for rule in report.rules {
      lines.append("\(rule.status == .pass ? "✓" : "✗") \(rule.message)")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
