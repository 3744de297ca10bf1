import ObjectTrace
import TracePictures

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
  /// language.
  public let check: @MainActor @Sendable (StoryRecording) -> Localized?

  /// Creates a rule.
  public init(
    id: RuleID, statement: Localized, findingKind: Trace.Finding.Kind? = nil,
    check: @escaping @MainActor @Sendable (StoryRecording) -> Localized?
  ) {
    self.id = id
    self.statement = statement
    self.findingKind = findingKind
    self.check = check
  }

  /// The rule's verdict on `recording`.
  @MainActor public func result(for recording: StoryRecording) -> RuleResult {
    let problem = check(recording)
    return RuleResult(
      id: id, status: problem == nil ? .pass : .fail, statement: statement, detail: problem)
  }
}
