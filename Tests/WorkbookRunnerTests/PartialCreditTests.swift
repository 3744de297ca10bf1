import Foundation
import KooberRules
import KooberStory
import ObjectTrace
import Testing
import TracePictures

@testable import WorkbookRunner

/// An exercise's points: the partial-credit arithmetic, rule by rule.
@Suite struct PartialCreditTests {
  /// An entry for exercise `number` with `held` of `count` rules holding; the first is the story,
  /// which holds when `storyPlays` (and then counts among the `held`).
  static func entry(_ number: Int, held: Int, of count: Int, storyPlays: Bool = true) throws
    -> GraderReport.Entry
  {
    let rules = (0..<count).map { index in
      RuleResult(
        id: index == 0 ? Rule.storyCompletes.id : RuleID(rawValue: "rule-\(index)"),
        status: index == 0 ? (storyPlays ? .pass : .fail) : (index < held ? .pass : .fail),
        message: "m")
    }
    let status: CheckResult.Status = rules.allSatisfy { $0.status == .pass } ? .pass : .fail
    return GraderReport.Entry(
      exercise: try #require(Exercise.numbered(number)),
      result: CheckResult(status: status, rules: rules))
  }

  @Test(arguments: [
    (1, 1, 10), (2, 1, 5), (5, 1, 2), (5, 4, 8), (8, 3, 3), (8, 7, 8), (12, 8, 6), (12, 11, 9),
    (12, 12, 10), (3, 2, 6),
  ])
  func aFailingExerciseEarnsTheShareOfItsRulesThatHoldRoundedDown(
    count: Int, held: Int, points: Int
  ) throws {
    #expect(try Self.entry(4, held: held, of: count).points == points)
  }

  @Test(arguments: Exercise.all.filter(\.isBugHunt).map(\.number))
  func aBugHuntIsAllOrNothing(number: Int) throws {
    #expect(try Self.entry(number, held: 11, of: 12).points == 0)
    #expect(try Self.entry(number, held: 12, of: 12).points == 10)
  }

  @Test func aStoryThatStoppedEarnsNothingWhateverElseHolds() throws {
    let entry = try Self.entry(4, held: 10, of: 12, storyPlays: false)
    #expect(entry.points == 0)
  }

  @Test(arguments: [CheckResult.Status.todo, .compileError])
  func aTodoOrACompileErrorEarnsNothing(status: CheckResult.Status) throws {
    // Rules that hold, as a report from an earlier run could leave: the status decides.
    let holding = [RuleResult(id: "story-completes", status: .pass, message: "m")]
    let entry = GraderReport.Entry(
      exercise: try #require(Exercise.numbered(1)),
      result: CheckResult(status: status, rules: holding, todo: "TODO: x"))
    #expect(entry.points == 0)
  }
}
