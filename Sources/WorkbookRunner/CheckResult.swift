import KooberRules
import KooberStory
import ObjectTrace

/// The verdict on one exercise: built, run, and each of its rules.
public struct CheckResult: Equatable, Sendable {
  /// The grader's four statuses.
  public enum Status: String, Codable, Sendable {
    case pass
    case fail
    case todo
    case compileError = "compile-error"
  }

  /// The verdict.
  public var status: Status
  /// Each rule's verdict, when the composition ran to the end.
  public var rules: [RuleResult] = []
  /// Compiler errors in the learner's files, trimmed to those files.
  public var compilerErrors: [String] = []
  /// `TODO: … (file:line)`, when the composition reached a `todo(…)`.
  public var todo: String?
  /// One line saying why the run ended abnormally (a crash, a time-out), if it did.
  public var problem: String?
  /// Lines beside the verdicts: the untraced types of the learner's, with what to add.
  public var notes: [String] = []
  /// The story's steps that finished before the run ended, in order.
  public var finishedSteps: [StoryStep] = []
  /// The step that was running when the run ended early (a crash, a time-out, a `todo`).
  public var unfinishedStep: StoryStep?

  /// Whether `exerciseN --trace` has a step to show: one finished before the run ended. A run
  /// refused at launch (`verify()` in exercises 10 and 13) has none, so the next step offers no
  /// trace.
  public var hasStepsToShow: Bool { !finishedSteps.isEmpty }

  /// The rules as `check` prints them: the ones that hold, in order, then the ones that do not,
  /// causes before symptoms, so "read the first ✗" reads the earliest cause: a rule that names
  /// what went wrong on the objects; then the story that stopped (a symptom when such a rule
  /// explains it, the cause when none does, a crash say); then a rule that can only say that no
  /// chain of stored references keeps the object; then the rules a stop left unchecked.
  public var rulesInReadingOrder: [RuleResult] { Self.inReadingOrder(rules) }

  /// `rules` as ``rulesInReadingOrder`` orders them: by each failure's cause, as the rule that
  /// failed gave it (a failure that gives none ranks as one named on the objects).
  static func inReadingOrder(_ rules: [RuleResult]) -> [RuleResult] {
    func rank(_ rule: RuleResult) -> Int {
      switch rule.cause {
      case .onTheObjects, nil: 0
      case .storyStopped: 1
      case .noChain: 2
      case .notChecked: 3
      }
    }
    let failures = rules.filter { $0.status == .fail }.enumerated().sorted {
      (rank($0.element), $0.offset) < (rank($1.element), $1.offset)
    }
    return rules.filter { $0.status == .pass } + failures.map(\.element)
  }
}
