import Foundation
import KooberRules
import KooberStory
import ObjectTrace
import Testing
import TracePictures

@testable import WorkbookRunner

/// `check --all --json`: the one run every grading adapter reads.
@Suite struct GraderReportTests {
  @Test func eachExerciseCarriesItsPointsAndTheReportTheirSum() {
    let report = GradingExample.report()
    #expect(report.exercises.map(\.points) == [10, 6, 0, 0])
    #expect(report.exercises.allSatisfy { $0.maxPoints == 10 })
    #expect(report.points == 16)
    #expect(report.maxPoints == 40)
    #expect(report.score == 1)
    #expect(report.maxScore == 4)
    #expect(report.status == .fail)
    #expect(report.language == .english)
  }

  /// What an adapter reads back is what the checker wrote: `report` runs nothing again.
  @Test func theJSONReadsBackAsTheSameReport() throws {
    let report = GradingExample.report(language: .korean)
    let read = try JSONDecoder().decode(GraderReport.self, from: Data(report.json.utf8))
    #expect(read == report)
    #expect(report.json.contains("\"maxPoints\" : 40"))
    #expect(report.json.contains("\"language\" : \"ko\""))
  }

  @Test func everySolutionIsFullMarks() {
    let entries = Exercise.all.map { exercise in
      GraderReport.Entry(
        exercise: exercise,
        result: CheckResult(status: .pass, rules: [GradingExample.rule("only", holds: true)]))
    }
    let report = GraderReport(exercises: entries)
    #expect(report.status == .pass)
    #expect(report.points == report.maxPoints)
    #expect(report.maxPoints == 10 * Exercise.all.count)
  }

  /// The grader's JSON keeps a learner's `todo` whole up to its byte limit, and cuts it there.
  @Test func aGradersMessageIsCappedInBytes() throws {
    let todo = "TODO: " + String(repeating: "e\u{301}", count: 5_000)
    let entry = GraderReport.Entry(
      exercise: try #require(Exercise.numbered(1)), result: CheckResult(status: .todo, todo: todo))
    let message = try #require(entry.message)
    #expect(message.utf8.count <= GraderReport.Entry.messageByteLimit)
    #expect(message.hasPrefix("TODO: e\u{301}"))
    #expect(message.hasSuffix("…"))
  }

  /// The first ✗ is the one `check` prints first: a failure that names its holder before one
  /// that can only say nothing the walk reached holds it.
  @Test func theFirstFailureIsTheOneCheckPrintsFirst() throws {
    let vague = RuleResult(
      id: "nothing-leaks", status: .fail, statement: Localized(en: "s", ko: "s"),
      detail: Localized(en: "Helper#1: " + Trace.noRetentionChain, ko: "Helper#1: 설명"),
      cause: .noChain)
    let exact = GradingExample.rule("signed-in-scope-ends", holds: false, "held by A#1.b")
    let entry = GraderReport.Entry(
      exercise: try #require(Exercise.numbered(4)),
      result: CheckResult(status: .fail, rules: [vague, exact]), language: .korean)
    #expect(entry.firstFailure?.id == "signed-in-scope-ends")
  }
}
