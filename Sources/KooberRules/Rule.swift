import Bilingual
import ObjectTrace

/// One thing a composition must get right, checked on the real objects of a story.
///
/// Used twice: by the chapter tests (every chapter but 3 passes every shared rule; chapter 3
/// fails the two scope rules, which is its lesson) and by the exercise checker, which prints the
/// failure message — built from the learner's own objects: ids, steps, holders and property
/// names.
public struct Rule: Sendable, Identifiable {
  /// A stable id, e.g. `signed-in-scope-ends`; graders and tests rely on it.
  public let id: RuleID
  /// What must hold, in one line.
  public let statement: Localized
  /// The kind of trace finding whose reference page (``FindingPages/page(_:language:)``)
  /// explains this rule's failure, e.g. `stale`; `nil` when no finding is behind it.
  public let findingKind: Trace.Finding.Kind?
  /// Checks a recorded story: `nil` when the rule holds, otherwise why not, in one line in each
  /// language, and what kind of reason it is.
  public let check: @MainActor @Sendable (StoryRecording) -> Failure?

  /// Why a rule does not hold on a story: one line in each language, and its cause, by which
  /// `workbook check` orders the ✗ lines.
  public struct Failure: Sendable {
    /// Why not, in one line in each language.
    public let detail: Localized
    /// What kind of reason `detail` gives.
    public let cause: RuleResult.Cause

    /// A failure for `cause`.
    public init(_ detail: Localized, cause: RuleResult.Cause) {
      self.detail = detail
      self.cause = cause
    }

    /// Not checked: the story stopped before what the rule reads.
    public static func notChecked(_ detail: Localized) -> Failure {
      Failure(detail, cause: .notChecked)
    }
  }

  /// Creates a rule whose every failure is named on the objects (``RuleResult/Cause/onTheObjects``).
  public init(
    id: RuleID, statement: Localized, findingKind: Trace.Finding.Kind? = nil,
    check: @escaping @MainActor @Sendable (StoryRecording) -> Localized?
  ) {
    self.init(id: id, statement: statement, findingKind: findingKind) { recording in
      check(recording).map { Failure($0, cause: .onTheObjects) }
    }
  }

  /// Creates a rule whose failures say their cause.
  public init(
    id: RuleID, statement: Localized, findingKind: Trace.Finding.Kind? = nil,
    judge: @escaping @MainActor @Sendable (StoryRecording) -> Failure?
  ) {
    self.id = id
    self.statement = statement
    self.findingKind = findingKind
    self.check = judge
  }

  /// The rule's verdict on `recording`: a failure carries its cause and the kind of finding
  /// whose page explains it.
  @MainActor public func result(for recording: StoryRecording) -> RuleResult {
    guard let failure = check(recording) else {
      return RuleResult(id: id, status: .pass, statement: statement, detail: nil)
    }
    return RuleResult(
      id: id, status: .fail, statement: statement, detail: failure.detail, cause: failure.cause,
      findingKind: findingKind)
  }
}
