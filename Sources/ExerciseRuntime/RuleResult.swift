import Bilingual
import ObjectTrace

/// A rule's verdict, as the checker prints it and graders read it.
public struct RuleResult: Codable, Equatable, Sendable {
  /// Pass or fail.
  public enum Status: String, Codable, Sendable {
    case pass
    case fail
  }

  /// Why a rule did not hold, as `workbook check` orders its ✗ lines: causes before symptoms, so
  /// that "read the first ✗" reads the earliest cause.
  public enum Cause: String, Codable, Sendable, CaseIterable {
    /// What went wrong, named on the objects: a stored property, a holder, a count.
    case onTheObjects = "on-the-objects"
    /// The story stopped before its end (a crash, a `todo`): a symptom when another rule names
    /// the cause, the cause when none does.
    case storyStopped = "story-stopped"
    /// An object that should be gone is alive, and no chain of stored strong references from a
    /// root reaches it: the rule can say that it lives, not who keeps it.
    case noChain = "no-chain"
    /// Not checked: the story stopped before the step the rule reads, or (exercises 9, 11 and
    /// 16) the learner's tests did not pass against the real code, so no broken copy was tried.
    case notChecked = "not-checked"
  }

  /// The rule's id.
  public let id: RuleID
  /// Whether it held.
  public let status: Status
  /// The statement when it held; the statement and why not when it did not.
  public let message: String
  /// The rule's statement in both languages, so a reader can be shown it in theirs.
  public let statement: Localized?
  /// What follows the statement in ``message`` (why it failed, or a note on a pass), in both
  /// languages.
  public let detail: Localized?
  /// Why it did not hold; `nil` when it held, or when the rule does not say.
  public let cause: Cause?
  /// The kind of trace finding whose reference page explains the failure (`stale`), if one does.
  public let findingKind: Trace.Finding.Kind?

  /// Creates a verdict.
  public init(
    id: RuleID, status: Status, message: String, statement: Localized? = nil,
    detail: Localized? = nil, cause: Cause? = nil, findingKind: Trace.Finding.Kind? = nil
  ) {
    self.id = id
    self.status = status
    self.message = message
    self.statement = statement
    self.detail = detail
    self.cause = cause
    self.findingKind = findingKind
  }

  /// A verdict whose message is `statement`, then ` — ` and `detail` when there is one.
  public init(
    id: RuleID, status: Status, statement: Localized, detail: Localized?, cause: Cause? = nil,
    findingKind: Trace.Finding.Kind? = nil
  ) {
    self.init(
      id: id, status: status, message: Self.message(statement, detail, in: .english),
      statement: statement, detail: detail, cause: cause, findingKind: findingKind)
  }

  /// The message in `language`: ``message`` itself in English, and in Korean the statement and
  /// the detail in Korean when the verdict has them.
  public func message(in language: Language) -> String {
    guard language != .english, let statement else { return message }
    return Self.message(statement, detail, in: language)
  }

  /// `statement — detail` in `language`.
  private static func message(_ statement: Localized, _ detail: Localized?, in language: Language)
    -> String
  {
    statement.text(in: language) + (detail.map { " — " + $0.text(in: language) } ?? "")
  }

  /// The verdict with its message in `language`, as a grader's report in that language shows it.
  public func translated(to language: Language) -> RuleResult {
    RuleResult(
      id: id, status: status, message: message(in: language), statement: statement, detail: detail,
      cause: cause, findingKind: findingKind)
  }
}
