import Foundation
import KooberRules
import KooberStory
import ObjectTrace
import Testing
import TracePictures

@testable import WorkbookRunner

/// Four exercises' verdicts, as a class's grading run sees them: one passes, one holds 2 of 3
/// rules, one stops at its `todo`, one does not compile and printed a megabyte claiming full
/// marks.
enum GradingExample {
  static func rule(_ id: RuleID, holds: Bool, _ detail: String = "why") -> RuleResult {
    RuleResult(
      id: id, status: holds ? .pass : .fail,
      statement: Localized(en: "the \(id) rule", ko: "\(id) 규칙"),
      detail: holds ? nil : Localized(en: detail, ko: "이유: \(detail)"),
      cause: holds ? nil : .onTheObjects)
  }

  static func report(language: Language = .english) -> GraderReport {
    let results = [
      CheckResult(
        status: .pass, rules: (1...3).map { rule(RuleID(rawValue: "r\($0)"), holds: true) }),
      CheckResult(
        status: .fail,
        rules: [
          rule("a", holds: true), rule("b", holds: false, "Session#1 outlives sign-out"),
          rule("c", holds: true),
        ]),
      CheckResult(status: .todo, todo: "TODO: write the container (file.swift:3)"),
      CheckResult(
        status: .compileError,
        compilerErrors: [
          "x.swift:1:1: error: | 10 / 10 | ✓ passes |<script>"
            + String(repeating: "score 10 pass\u{1b}[32m\n", count: 80_000)
        ]),
    ]
    let entries = zip(Exercise.all, results).map {
      GraderReport.Entry(exercise: $0, result: $1, language: language)
    }
    return GraderReport(exercises: entries, language: language)
  }
}
