import Foundation
import KooberRules
import ObjectTrace
import TracePictures

/// What `check --all --json` prints for graders: one run that every grading adapter reads
/// (`workbook report` turns it into a job summary, a Classroom 50 release body, exercism's
/// `results.json`).
///
/// `{"version", "status", "score", "maxScore", "points", "maxPoints", "language", "exercises":
/// [{"number", "slug", "title", "points", "maxPoints", "status", "rules": [{"id", "status",
/// "message"}]}]}`, plus a `message` per exercise for a `todo`, a compile error or a crash, and
/// per failed rule its `cause` (`on-the-objects`, `story-stopped`, `no-chain`, `not-checked`:
/// the order `check` prints them in) and, where a finding explains it, its `findingKind`.
/// Extend it, never break it.
public struct GraderReport: Codable, Equatable, Sendable {
  /// One exercise's verdict.
  public struct Entry: Codable, Equatable, Sendable {
    public let number: Int
    public let slug: String
    public let title: String
    /// `pass`, `fail`, `todo` or `compile-error` (in the JSON, as text).
    public let status: CheckResult.Status
    public let rules: [RuleResult]
    /// Why there are no rules to show: the TODO line, the first compiler error, a crash; at
    /// most ``messageByteLimit`` bytes.
    public let message: String?
    /// What the exercise earns: see ``points(status:rules:bugHunt:)``.
    public let points: Int
    /// What it could earn: ``pointsPerExercise``.
    public let maxPoints: Int

    /// A message's length at most, in UTF-8 bytes: what the learner's code printed (a `todo`
    /// full of combining marks) must not make the report too large for a grader to pass on.
    public static let messageByteLimit = 8000
    /// The points one exercise is worth.
    public static let pointsPerExercise = 10

    /// The verdict on `exercise`, its messages in `language` (ids and statuses stay English).
    init(exercise: Exercise, result: CheckResult, language: Language = .english) {
      number = exercise.number
      slug = exercise.slug
      title = exercise.title.en
      status = result.status
      rules = result.rules.map { $0.translated(to: language) }
      let texts = RunnerTexts.in(language)
      message =
        (result.todo.map { todo in
          todo + (result.unfinishedStep.map { " (\(texts.reachedInStep($0.name)))" } ?? "")
        } ?? result.problem ?? result.compilerErrors.first).map {
          GradingMessage.fitted($0, bytes: Self.messageByteLimit)
        }
      points = Self.points(status: result.status, rules: result.rules, bugHunt: exercise.isBugHunt)
      maxPoints = Self.pointsPerExercise
    }

    /// An exercise's points: all of them for a pass; for a failing exercise whose story played
    /// to its end, the share of its rules that hold, rounded down; none for a `todo`, a compile
    /// error, a story that stopped early, or a bug hunt that still has its bug (its starter
    /// already holds most rules: finding the bug is the work).
    static func points(status: CheckResult.Status, rules: [RuleResult], bugHunt: Bool) -> Int {
      if status == .pass { return pointsPerExercise }
      guard status == .fail, !rules.isEmpty else { return 0 }
      // Rules over steps that never ran hold for want of anything to check.
      let stopped = rules.contains { $0.id == Rule.storyCompletes.id && $0.status == .fail }
      guard !stopped, !bugHunt else { return 0 }
      let held = rules.filter { $0.status == .pass }.count
      return pointsPerExercise * held / rules.count
    }

    /// The rule a learner should read first, as `check` orders them: one that names a stored
    /// property before one that can only say no chain of references keeps the object.
    public var firstFailure: RuleResult? {
      CheckResult.inReadingOrder(rules).first { $0.status == .fail }
    }

    /// How many of its rules hold.
    public var rulesHeld: Int { rules.filter { $0.status == .pass }.count }
  }

  public var version = 1
  /// `pass` when every exercise passes, `fail` otherwise.
  public let status: CheckResult.Status
  /// One point per passing exercise.
  public let score: Int
  public let maxScore: Int
  /// The exercises' points added up: what a gradebook records.
  public let points: Int
  public let maxPoints: Int
  /// The language of the messages: `en` or `ko` in the JSON.
  public let language: Language
  public let exercises: [Entry]

  init(exercises: [Entry], language: Language = .english) {
    self.exercises = exercises
    self.language = language
    score = exercises.filter { $0.status == .pass }.count
    maxScore = exercises.count
    points = exercises.map(\.points).reduce(0, +)
    maxPoints = exercises.map(\.maxPoints).reduce(0, +)
    status = score == maxScore ? .pass : .fail
  }

  /// The report as JSON, keys sorted, ending with a newline.
  public var json: String { TraceFormat.jsonText(self) }
}
