import Bilingual
import ObjectTrace

/// What the check sends `workbook check` once the story has played and the rules have run.
public struct ExerciseReport: Codable, Equatable, Sendable {
  /// The exercise's number.
  public let exercise: Int
  /// One verdict per rule, in the exercise's order.
  public let rules: [RuleResult]
  /// Lines for the learner beside the verdicts: one per type of theirs the trace walked
  /// without a ``Lifetime`` token, naming the declaration to add.
  public var notes: [Localized]? = nil

  /// A report on exercise `exercise`.
  public init(exercise: Int, rules: [RuleResult], notes: [Localized]? = nil) {
    self.exercise = exercise
    self.rules = rules
    self.notes = notes
  }

  /// Whether every rule holds.
  public var holds: Bool { rules.allSatisfy { $0.status == .pass } }
}
