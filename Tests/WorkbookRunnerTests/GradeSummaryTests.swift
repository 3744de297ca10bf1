import Foundation
import KooberRules
import KooberStory
import ObjectTrace
import Testing
import TracePictures

@testable import WorkbookRunner

/// `workbook report --format markdown`: the job summary and the Classroom 50 release body, read
/// back as a table the way a Markdown renderer splits it.
@Suite struct GradeSummaryTests {
  /// The table's rows, each split into cells at the pipes that are not escaped.
  static func table(_ markdown: String) -> [[String]] {
    markdown.split(separator: "\n").filter { $0.hasPrefix("|") }.map { line in
      var cells: [String] = []
      var cell = ""
      var escaped = false
      for character in line.dropFirst() {
        if escaped {
          cell.append(character)
          escaped = false
        } else if character == "\\" {
          cell.append(character)
          escaped = true
        } else if character == "|" {
          cells.append(cell.trimmingCharacters(in: .whitespaces))
          cell = ""
        } else {
          cell.append(character)
        }
      }
      return cells
    }
  }

  @Test func aRowPerExerciseWithItsPointsVerdictAndFirstFailure() {
    let markdown = GradeSummary(report: GradingExample.report()).markdown
    #expect(markdown.hasPrefix("## Koober DI Workbook: 16 of 40 points\n"))
    let rows = Self.table(markdown)
    #expect(rows.count == 2 + 4)
    #expect(rows[0] == ["#", "exercise", "points", "verdict", "the first ✗: object, step, holder"])
    #expect(rows.allSatisfy { $0.count == 5 })
    #expect(rows.dropFirst(2).map { $0[0] } == ["1", "2", "3", "4"])
    #expect(rows.dropFirst(2).map { $0[2] } == ["10 / 10", "6 / 10", "0 / 10", "0 / 10"])
    #expect(
      rows.dropFirst(2).map { $0[3] } == [
        "✓ passes", "✗ 2 of 3 rules hold", "· not done yet", "✗ does not compile",
      ])
    #expect(rows[2][4] == "")
    #expect(rows[3][4] == "the b rule — Session#1 outlives sign-out")
    #expect(rows[4][4] == "TODO: write the container (file.swift:3)")
    #expect(markdown.hasSuffix("`swift run workbook hint N`.\n"))
  }

  /// What the learner's build printed cannot add a row, a cell or a tag: it is one cell's text,
  /// cut.
  @Test func whatTheLearnersCodePrintedIsOneCellOfText() {
    let markdown = GradeSummary(report: GradingExample.report()).markdown
    let printed = Self.table(markdown)[5][4]
    #expect(printed.hasPrefix("x.swift:1:1: error: \\| 10 / 10 \\| ✓ passes \\|&lt;script&gt;"))
    #expect(printed.hasSuffix("…"))
    #expect(!markdown.contains("<script>") && !markdown.contains("\u{1b}"))
    // The heading, the table's two header lines and four rows, the next step.
    #expect(markdown.split(separator: "\n").count == 1 + 2 + 4 + 1)
  }

  @Test func theClassesLanguageIsTheReports() {
    let markdown = GradeSummary(report: GradingExample.report(language: .korean)).markdown
    #expect(markdown.hasPrefix("## Koober DI 워크북: 40점 중 16점\n"))
    let rows = Self.table(markdown)
    #expect(rows[0][3] == "판정")
    #expect(rows[3][3] == "✗ 규칙 3개 중 2개를 지킴")
    #expect(rows[3][4] == "b 규칙 — 이유: Session#1 outlives sign-out")
    #expect(rows[2][1].hasSuffix(Exercise.all[0].title.ko))
    #expect(markdown.contains("`swift run workbook check N --lang ko`"))
  }

  /// The summary's ✗ is the one `check` prints first: the failure that names its holder, not one
  /// listed before it that can only say no chain of references keeps the object.
  @Test func theFirstFailureShownIsTheEarliestCause() throws {
    let vague = RuleResult(
      id: "nothing-leaks", status: .fail, statement: Localized(en: "nothing leaks", ko: "s"),
      detail: Localized(en: "Helper#1: " + Trace.noRetentionChain, ko: "Helper#1: 설명"),
      cause: .noChain)
    let exact = GradingExample.rule("signed-in-scope-ends", holds: false, "held by A#1.b")
    let entry = GraderReport.Entry(
      exercise: try #require(Exercise.numbered(4)),
      result: CheckResult(status: .fail, rules: [vague, exact]))
    let markdown = GradeSummary(report: GraderReport(exercises: [entry])).markdown
    let row = try #require(Self.table(markdown).last)
    #expect(row[4] == "the signed-in-scope-ends rule — held by A#1.b")
  }
}
