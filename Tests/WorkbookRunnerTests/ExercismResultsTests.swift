import Foundation
import KooberRules
import KooberStory
import ObjectTrace
import Testing
import TracePictures

@testable import WorkbookRunner

/// `workbook report --format exercism`: exercism's `results.json`, version 3.
@Suite struct ExercismResultsTests {
  /// The file as exercism's tools read it.
  struct Read: Decodable {
    struct Test: Decodable {
      let name: String
      let status: String
      let message: String?
      let test_code: String
      let task_id: Int
    }
    let version: Int
    let status: String
    let message: String?
    let tests: [Test]
  }

  @Test func aTestPerRuleTaskedToItsExercise() throws {
    let json = ExercismResults(report: GradingExample.report()).json
    let read = try JSONDecoder().decode(Read.self, from: Data(json.utf8))
    #expect(read.version == 3)
    #expect(read.status == "fail")
    #expect(read.message == nil)
    #expect(read.tests.map(\.task_id) == [1, 1, 1, 2, 2, 2, 3, 4])
    #expect(
      read.tests.map(\.status) == [
        "pass", "pass", "pass", "pass", "fail", "pass", "error", "error",
      ])
    #expect(read.tests[4].name == "2 · factories: the b rule")
    #expect(read.tests[4].message == "the b rule — Session#1 outlives sign-out")
    #expect(read.tests[6].message == "TODO: write the container (file.swift:3)")
    #expect(read.tests.filter { $0.status == "pass" }.allSatisfy { $0.message == nil })
    #expect(read.tests.compactMap(\.message).allSatisfy { $0.count <= 500 })
    #expect(read.tests[0].test_code == "swift run workbook check 1")
  }

  /// A Korean class reads its results in Korean: a test's name is its rule's statement in
  /// Korean, and its message the Korean reason.
  @Test func aKoreanClassReadsItsRulesInKorean() throws {
    let json = ExercismResults(report: GradingExample.report(language: .korean)).json
    let read = try JSONDecoder().decode(Read.self, from: Data(json.utf8))
    #expect(read.tests[4].name == "2 · factories: b 규칙")
    #expect(read.tests[4].message == "b 규칙 — 이유: Session#1 outlives sign-out")
    #expect(read.tests[4].test_code == "swift run workbook check 2 --lang ko")
  }

  @Test func noRuleRunAnywhereIsAnError() throws {
    let entries = Exercise.all.prefix(2).map {
      GraderReport.Entry(exercise: $0, result: CheckResult(status: .todo, todo: "TODO: x"))
    }
    let results = ExercismResults(report: GraderReport(exercises: entries, language: .korean))
    #expect(results.status == .error)
    #expect(results.message == "1: TODO: x\n2: TODO: x")
    #expect(results.tests.map(\.test_code).allSatisfy { $0.hasSuffix(" --lang ko") })
  }

  @Test func everyRuleHeldIsAPass() {
    let entries = Exercise.all.map {
      GraderReport.Entry(
        exercise: $0,
        result: CheckResult(status: .pass, rules: [GradingExample.rule("only", holds: true)]))
    }
    #expect(ExercismResults(report: GraderReport(exercises: entries)).status == .pass)
  }
}
