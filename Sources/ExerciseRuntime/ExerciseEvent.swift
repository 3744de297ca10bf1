import KooberChapter

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One line an exercise sends `workbook check` over its ``ReportChannel``: JSON with an `event`
/// field (`started`, `finished`, `report`, `tests-finished`, `todo`, `crashed`).
public enum ExerciseEvent: Equatable, Sendable {
  /// A step of the story started.
  case started(step: StoryStep)
  /// A step of the story finished.
  case finished(step: StoryStep)
  /// Every rule's verdict: the check ran to its end (exercises with rules).
  case report(ExerciseReport)
  /// The learner's tests ran to their end with the testing library's exit status (exercise 9);
  /// the testing library's own records are the channel's other lines.
  case testsFinished(status: Int32)
  /// The learner's code reached a `todo(…)`: the line it printed, `TODO: … (file:line)`.
  case todo(String)
  /// The process is crashing, in `step` (`nil`: outside the story), while the check did what
  /// `doing` says, in the run's language, when it said (a check with no story: exercise 15's "the
  /// framework showed a second map, which nobody set up").
  case crashed(step: StoryStep?, doing: String? = nil)

  /// Whether this event ends the exercise's account of its run: the channel carries one.
  public var isReport: Bool {
    switch self {
    case .report, .testsFinished, .todo: true
    case .started, .finished, .crashed: false
    }
  }
}

extension ExerciseEvent: Codable {
  private enum CodingKeys: String, CodingKey {
    case event, step, report, status, text, doing
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decode(String.self, forKey: .event) {
    case "started": self = .started(step: try container.decode(StoryStep.self, forKey: .step))
    case "finished": self = .finished(step: try container.decode(StoryStep.self, forKey: .step))
    case "report":
      self = .report(try container.decode(ExerciseReport.self, forKey: .report))
    case "tests-finished":
      self = .testsFinished(status: try container.decode(Int32.self, forKey: .status))
    case "todo": self = .todo(try container.decode(String.self, forKey: .text))
    case "crashed":
      self = .crashed(
        step: try container.decodeIfPresent(StoryStep.self, forKey: .step),
        doing: try container.decodeIfPresent(String.self, forKey: .doing))
    case let other:
      throw DecodingError.dataCorruptedError(
        forKey: .event, in: container, debugDescription: "no event named \(other)")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .started(let step):
      try container.encode("started", forKey: .event)
      try container.encode(step, forKey: .step)
    case .finished(let step):
      try container.encode("finished", forKey: .event)
      try container.encode(step, forKey: .step)
    case .report(let report):
      try container.encode("report", forKey: .event)
      try container.encode(report, forKey: .report)
    case .testsFinished(let status):
      try container.encode("tests-finished", forKey: .event)
      try container.encode(status, forKey: .status)
    case .todo(let text):
      try container.encode("todo", forKey: .event)
      try container.encode(text, forKey: .text)
    case .crashed(let step, let doing):
      try container.encode("crashed", forKey: .event)
      try container.encodeIfPresent(step, forKey: .step)
      try container.encodeIfPresent(doing, forKey: .doing)
    }
  }

  /// The event as one line of JSON, newline included.
  public var line: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The event a line of the channel holds, or `nil` when it holds none of ours (a record of the
  /// testing library's, or anything else).
  public init?(line: some StringProtocol) {
    guard let event = try? JSONDecoder().decode(ExerciseEvent.self, from: Data(line.utf8))
    else { return nil }
    self = event
  }
}
