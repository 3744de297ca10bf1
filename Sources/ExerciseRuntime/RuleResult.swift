import ObjectTrace
import TracePictures

/// A rule's verdict, as the checker prints it and graders read it.
public struct RuleResult: Codable, Equatable, Sendable {
  /// Pass or fail.
  public enum Status: String, Codable, Sendable {
    case pass
    case fail
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

  /// Creates a verdict.
  public init(
    id: RuleID, status: Status, message: String, statement: Localized? = nil,
    detail: Localized? = nil
  ) {
    self.id = id
    self.status = status
    self.message = message
    self.statement = statement
    self.detail = detail
  }

  /// A verdict whose message is `statement`, then ` — ` and `detail` when there is one.
  public init(id: RuleID, status: Status, statement: Localized, detail: Localized?) {
    self.init(
      id: id, status: status, message: Self.message(statement, detail, in: .english),
      statement: statement, detail: detail)
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
      id: id, status: status, message: message(in: language), statement: statement, detail: detail)
  }
}
