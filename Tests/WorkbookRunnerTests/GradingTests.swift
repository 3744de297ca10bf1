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
      detail: holds ? nil : Localized(en: detail, ko: "이유: \(detail)"))
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
      detail: Localized(en: "Helper#1: " + Trace.noRetentionChain, ko: "Helper#1: 설명"))
    let exact = GradingExample.rule("signed-in-scope-ends", holds: false, "held by A#1.b")
    let entry = GraderReport.Entry(
      exercise: try #require(Exercise.numbered(4)),
      result: CheckResult(status: .fail, rules: [vague, exact]), language: .korean)
    #expect(entry.firstFailure?.id == "signed-in-scope-ends")
  }
}

/// A message as every grading tool shows it: one line, cut in characters and in bytes.
@Suite struct GradingMessageTests {
  /// `capped` puts only a head of a long text on one line: the message is the whole text on one
  /// line, cut where it passes the character or the byte limit, also where a cut would split a
  /// character.
  @Test(arguments: [
    String(repeating: "a\r\n", count: 1_000),
    String(repeating: "🇰🇷", count: 1_200),
    "e" + String(repeating: "\u{301}", count: 3_000) + String(repeating: "b", count: 600),
    String(repeating: "x", count: 499) + "\r\n" + String(repeating: "y", count: 10),
    String(repeating: "가", count: 500),
    String(repeating: "가", count: 800),
    "short\tline",
  ])
  func aCappedMessageIsTheWholeLineCut(text: String) {
    let line = String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    let capped = GradingMessage.capped(text)
    #expect(capped.count <= GradingMessage.characterLimit)
    #expect(capped.utf8.count <= GradingMessage.byteLimit)
    if line.count <= GradingMessage.characterLimit && line.utf8.count <= GradingMessage.byteLimit {
      #expect(capped == line)
    } else {
      #expect(capped.hasSuffix("…"))
      #expect(line.hasPrefix(capped.dropLast()))
    }
  }

  @Test func aMessageIsCutBetweenCharactersToFitItsBytes() {
    #expect(GradingMessage.fitted("가나다", bytes: 9) == "가나다")
    #expect(GradingMessage.fitted("가나다", bytes: 8) == "가…")
    #expect(GradingMessage.fitted("e\u{301}\u{301}x", bytes: 5) == "…")
    // 499 flags fit the character limit, not the byte limit: 8 bytes each.
    let flags = GradingMessage.capped(String(repeating: "🇰🇷", count: 700))
    #expect(flags == String(repeating: "🇰🇷", count: 249) + "…")
  }
}

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
      detail: Localized(en: "Helper#1: " + Trace.noRetentionChain, ko: "Helper#1: 설명"))
    let exact = GradingExample.rule("signed-in-scope-ends", holds: false, "held by A#1.b")
    let entry = GraderReport.Entry(
      exercise: try #require(Exercise.numbered(4)),
      result: CheckResult(status: .fail, rules: [vague, exact]))
    let markdown = GradeSummary(report: GraderReport(exercises: [entry])).markdown
    let row = try #require(Self.table(markdown).last)
    #expect(row[4] == "the signed-in-scope-ends rule — held by A#1.b")
  }
}

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

/// `check` points from a rule a finding breaks to that finding's reference page.
@Suite struct FindingPageOfRuleTests {
  @Test func everyRulesFindingKindHasAPage() {
    let kinds = Dictionary(
      uniqueKeysWithValues: Rule.shared.compactMap { rule in rule.findingKind.map { (rule.id, $0) }
      })
    #expect(
      kinds == [
        "onboarding-scope-ends": .stale, "signed-in-scope-ends": .stale, "nothing-leaks": .leak,
        "no-torn-instances": .torn, "one-main-view-model": .torn, "one-repository": .torn,
        "no-container-holds-a-container": .captive,
      ])
    for kind in kinds.values {
      #expect(ChapterCatalog.findingPages.page(kind) == "Chapters/findings/\(kind).md")
    }
  }
}

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
