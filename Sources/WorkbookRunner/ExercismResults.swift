import KooberRules
import ObjectTrace
import TracePictures

/// A grade as exercism's test runners report one: `results.json`, version 3, so any tool that
/// reads that format can read the workbook's.
///
/// Each rule of each exercise is a test whose `task_id` is the exercise's number; an exercise
/// with no rules to show (a `todo`, a compile error, a run that stopped) is one test, `error`,
/// whose message says why. The top `status` is `pass` when every test passes, `error` when no
/// exercise ran a rule, `fail` otherwise.
public struct ExercismResults: Codable, Equatable, Sendable {
  /// A test's or the whole run's verdict, as exercism's JSON spells it.
  public enum Status: String, Codable, Sendable {
    case pass, fail, error
  }

  /// One test: a rule of an exercise, or an exercise that ran none.
  public struct Test: Codable, Equatable, Sendable {
    public let name: String
    /// `pass`, `fail` or `error`.
    public let status: Status
    /// Why it failed, at most ``GradingMessage/characterLimit`` characters; absent on a pass.
    public let message: String?
    /// The command that shows the same verdict in full.
    public let test_code: String
    /// The exercise's number.
    public let task_id: Int
  }

  public var version = 3
  /// `pass`, `fail` or `error`.
  public let status: Status
  /// Why no test ran, when `status` is `error`.
  public let message: String?
  public let tests: [Test]

  public init(report: GraderReport) {
    let language = report.language
    var tests: [Test] = []
    for entry in report.exercises {
      let command =
        "swift run workbook check \(entry.number)"
        + (language == .english ? "" : " --lang \(language.code)")
      let prefix = "\(entry.number) · \(entry.slug): "
      guard !entry.rules.isEmpty else {
        tests.append(
          Test(
            name: prefix + entry.title, status: entry.status == .pass ? .pass : .error,
            message: entry.status == .pass ? nil : GradingMessage.capped(entry.message ?? "?"),
            test_code: command, task_id: entry.number))
        continue
      }
      for rule in entry.rules {
        tests.append(
          Test(
            name: prefix + (rule.statement?.text(in: language) ?? rule.id.rawValue),
            status: rule.status == .pass ? .pass : .fail,
            message: rule.status == .pass ? nil : GradingMessage.capped(rule.message),
            test_code: command, task_id: entry.number))
      }
    }
    self.tests = tests
    let ranNoRule = report.exercises.allSatisfy { $0.rules.isEmpty && $0.status != .pass }
    status =
      tests.allSatisfy { $0.status == .pass } ? .pass : ranNoRule ? .error : .fail
    message =
      status == .error
      ? GradingMessage.fitted(
        report.exercises.compactMap { entry in entry.message.map { "\(entry.number): \($0)" } }
          .joined(separator: "\n"), bytes: 65_535)
      : nil
  }

  /// The results as JSON, keys sorted, ending with a newline.
  public var json: String { TraceFormat.jsonText(self) }
}
