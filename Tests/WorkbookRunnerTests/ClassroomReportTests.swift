import Foundation
import KooberRules
import ObjectTrace
import Testing

@testable import WorkbookRunner

/// `workbook check --all --classroom`: what GitHub Classroom's `autograding-grading-reporter`
/// reads, decoded and checked against the shape its own graders write.
@Suite struct ClassroomReportTests {
  /// The reporter's input, decoded as the reporter does (base64, then JSON), keys as it reads
  /// them.
  struct Reported: Decodable {
    struct Test: Decodable {
      let name: String
      let status: String
      let score: Int
      let message: String
      let test_code: String
      let filename: String
      let line_no: Int
      let duration: Int
    }
    let version: Int
    let status: String
    let max_score: Int
    let tests: [Test]
  }

  static func decode(_ encoded: String) throws -> Reported {
    #expect(!encoded.contains("\n"), "one line, for $GITHUB_OUTPUT")
    let data = try #require(Data(base64Encoded: encoded))
    return try JSONDecoder().decode(Reported.self, from: data)
  }

  static func rule(_ id: String, holds: Bool, _ detail: String = "why") -> RuleResult {
    RuleResult(
      id: id, status: holds ? .pass : .fail,
      statement: Localized(en: "the \(id) rule", ko: "\(id) 규칙"),
      detail: holds ? nil : Localized(en: detail, ko: "이유: \(detail)"))
  }

  /// Four exercises: one passes, one holds 2 of 3 rules, one stops at its `todo`, one does not
  /// compile and printed a megabyte claiming full marks.
  static func entries(language: String = "en") -> [GraderReport.Entry] {
    let results = [
      CheckResult(status: .pass, rules: (1...3).map { rule("r\($0)", holds: true) }),
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
          "x.swift:1:1: error: " + String(repeating: "score 10 pass\u{1b}[32m\n", count: 80_000)
        ]),
    ]
    return zip(Exercise.all, results).map {
      GraderReport.Entry(exercise: $0, result: $1, language: language)
    }
  }

  @Test func itIsTheReportersShapeWithPartialCreditPerRule() throws {
    let report = try Self.decode(ClassroomReport(entries: Self.entries(), language: "en").encoded)
    #expect(report.version == 1)
    #expect(report.status == "fail")
    #expect(report.max_score == 40)
    #expect(report.tests.map(\.score) == [10, 6, 0, 0])
    #expect(report.tests.map(\.status) == ["pass", "fail", "fail", "fail"])
    let names: [String] = Exercise.all.prefix(4).map { "\($0.number) · \($0.slug)" }
    #expect(report.tests.map(\.name) == names)
    let commands: [String] = (1...4).map { "swift run workbook check \($0)" }
    #expect(report.tests.map(\.test_code) == commands)
    #expect(report.tests[0].message == "3 of 3 rules hold.")
    #expect(
      report.tests[1].message == "2 of 3 rules hold. the b rule — Session#1 outlives sign-out"
    )
    #expect(report.tests[2].message == "TODO: write the container (file.swift:3)")
    #expect(report.tests.allSatisfy { $0.filename.isEmpty && $0.line_no == 0 })
  }

  @Test func whatTheLearnersCodePrintsIsCappedAndScoresNothing() throws {
    let report = try Self.decode(ClassroomReport(entries: Self.entries(), language: "en").encoded)
    let printed = report.tests[3]
    #expect(printed.score == 0 && printed.status == "fail")
    #expect(printed.message.count <= ClassroomReport.messageLimit)
    #expect(printed.message.hasSuffix("…"))
    #expect(!printed.message.contains("\u{1b}") && !printed.message.contains("\n"))
  }

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
    let capped = ClassroomReport.capped(text)
    #expect(capped.count <= ClassroomReport.messageLimit)
    #expect(capped.utf8.count <= ClassroomReport.messageByteLimit)
    if line.count <= ClassroomReport.messageLimit
      && line.utf8.count <= ClassroomReport.messageByteLimit
    {
      #expect(capped == line)
    } else {
      #expect(capped.hasSuffix("…"))
      #expect(line.hasPrefix(capped.dropLast()))
    }
  }

  @Test func aMessageIsCutBetweenCharactersToFitItsBytes() {
    #expect(ClassroomReport.fitted("가나다", bytes: 9) == "가나다")
    #expect(ClassroomReport.fitted("가나다", bytes: 8) == "가…")
    #expect(ClassroomReport.fitted("e\u{301}\u{301}x", bytes: 5) == "…")
    // 499 flags fit the character limit, not the byte limit: 8 bytes each.
    let flags = ClassroomReport.capped(String(repeating: "🇰🇷", count: 700))
    #expect(flags == String(repeating: "🇰🇷", count: 249) + "…")
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

  @Test func theTeachersLanguageIsChosenByAFlag() throws {
    let report = try Self.decode(
      ClassroomReport(entries: Self.entries(language: "ko"), language: "ko").encoded)
    #expect(
      report.tests[1].message == "규칙 3개 중 2개를 지켰습니다. b 규칙 — 이유: Session#1 outlives sign-out")
    #expect(report.tests[1].test_code == "swift run workbook check 2 --lang ko")
    #expect(report.tests.map(\.score) == [10, 6, 0, 0])
  }

  @Test func aStoryThatStoppedEarnsNothingForTheRulesItNeverReached() throws {
    let stopped = CheckResult(
      status: .fail,
      rules: [
        Self.rule("one-main-view-model", holds: true), Self.rule("nothing-leaks", holds: true),
        Self.rule("story-completes", holds: false, "stopped in launch"),
      ])
    let entry = GraderReport.Entry(exercise: Exercise.all[0], result: stopped)
    let report = try Self.decode(ClassroomReport(entries: [entry], language: "en").encoded)
    #expect(report.tests[0].score == 0)
    #expect(report.tests[0].message.hasPrefix("2 of 3 rules hold."))
  }

  @Test func aBugHuntIsAllOrNothing() throws {
    let hunt = try #require(Exercise.numbered(6))
    let almost = CheckResult(
      status: .fail, rules: [Self.rule("a", holds: true), Self.rule("b", holds: false)])
    let entry = GraderReport.Entry(exercise: hunt, result: almost)
    let report = try Self.decode(ClassroomReport(entries: [entry], language: "en").encoded)
    #expect(report.tests[0].score == 0)
  }

  @Test func everySolutionIsFullMarks() throws {
    let entries = Exercise.all.map { exercise in
      GraderReport.Entry(
        exercise: exercise,
        result: CheckResult(status: .pass, rules: [Self.rule("only", holds: true)]))
    }
    let report = try Self.decode(ClassroomReport(entries: entries, language: "en").encoded)
    #expect(report.status == "pass")
    let scored: Int = report.tests.map(\.score).reduce(0, +)
    #expect(scored == report.max_score)
    #expect(report.max_score == 10 * Exercise.all.count)
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
        "onboarding-scope-ends": "stale", "signed-in-scope-ends": "stale", "nothing-leaks": "leak",
        "no-torn-instances": "torn", "one-main-view-model": "torn", "one-repository": "torn",
        "no-container-holds-a-container": "captive",
      ])
    for kind in kinds.values {
      #expect(Trace.findingPage(kind) != nil, "\(kind) has no page")
    }
  }
}

/// An exercise's points: the Classroom partial-credit arithmetic, rule by rule.
@Suite struct PartialCreditTests {
  /// An entry for exercise `number` with `held` of `count` rules holding; the first is the story,
  /// which holds when `storyPlays` (and then counts among the `held`).
  static func entry(_ number: Int, held: Int, of count: Int, storyPlays: Bool = true) throws
    -> GraderReport.Entry
  {
    let rules = (0..<count).map { index in
      RuleResult(
        id: index == 0 ? "story-completes" : "rule-\(index)",
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
    #expect(ClassroomReport.points(for: try Self.entry(4, held: held, of: count)) == points)
  }

  @Test(arguments: [6, 7, 8])
  func aBugHuntIsAllOrNothing(number: Int) throws {
    #expect(ClassroomReport.points(for: try Self.entry(number, held: 11, of: 12)) == 0)
    #expect(ClassroomReport.points(for: try Self.entry(number, held: 12, of: 12)) == 10)
  }

  @Test func aStoryThatStoppedEarnsNothingWhateverElseHolds() throws {
    let entry = try Self.entry(4, held: 10, of: 12, storyPlays: false)
    #expect(ClassroomReport.points(for: entry) == 0)
  }

  @Test(arguments: [CheckResult.Status.todo, .compileError])
  func aTodoOrACompileErrorEarnsNothing(status: CheckResult.Status) throws {
    // Rules that hold, as a report from an earlier run could leave: the status decides.
    let holding = [RuleResult(id: "story-completes", status: .pass, message: "m")]
    let entry = GraderReport.Entry(
      exercise: try #require(Exercise.numbered(1)),
      result: CheckResult(status: status, rules: holding, todo: "TODO: x"))
    #expect(ClassroomReport.points(for: entry) == 0)
  }
}
