import ChapterTestSupport
import TestWritingExercises
import Testing

@testable import ExerciseRuntime

/// Exercise 9's grading: a learner's tests read from the testing library's event stream, and
/// judged by the broken view models they catch.
@Suite struct TestGradingTests {
  /// The event stream lines (schema 0) the grading reads, in the testing library's shape: a
  /// `test` record per test function, then `testStarted`, `issueRecorded` and `testEnded`
  /// events naming the test's id. Keys the grading does not read are left out.
  static func events(tests: [String], failing: [String: String] = [:], unfinished: String? = nil)
    -> String
  {
    var lines = [
      #"{"kind":"test","payload":{"id":"exercise9.SignInViewModelTests","kind":"suite","name":"SignInViewModelTests"},"version":0}"#
    ]
    for test in tests {
      lines.append(
        #"{"kind":"test","payload":{"id":"exercise9.SignInViewModelTests/\#(test)","kind":"function","name":"\#(test)"},"version":0}"#
      )
    }
    for test in tests {
      let id = "exercise9.SignInViewModelTests/\(test)"
      lines.append(
        #"{"kind":"event","payload":{"kind":"testStarted","testID":"\#(id)"},"version":0}"#)
      if let issue = failing[test] {
        lines.append(
          #"{"kind":"event","payload":{"issue":{"isKnown":false},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"\#(issue)"}],"testID":"\#(id)"},"version":0}"#
        )
      }
      if test == unfinished { break }
      lines.append(
        #"{"kind":"event","payload":{"kind":"testEnded","testID":"\#(id)"},"version":0}"#)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static let tests = ["signsIn()", "showsTheError()"]

  /// A run where `failing` tests fail and the others pass.
  static func run(failing: [String] = [], ending: TestRun.Ending = .finished) -> TestRun {
    TestRun(
      events: events(
        tests: tests,
        failing: Dictionary(uniqueKeysWithValues: failing.map { ($0, "Expectation failed") })),
      ending: ending)
  }

  static func status(_ results: [RuleResult], _ id: RuleID) -> RuleResult.Status? {
    results.first { $0.id == id }?.status
  }

  @Test func theEventStreamGivesEachTestItsFirstIssueAndTheOneThatDidNotEnd() {
    let run = TestRun(
      events: Self.events(
        tests: Self.tests, failing: ["signsIn()": "Expectation failed: (x → 1) == 2"],
        unfinished: "showsTheError()") + "not json\n",
      ending: .crashed("Fatal error"))
    #expect(run.tests == Self.tests)
    #expect(run.failures == ["signsIn()": "Expectation failed: (x → 1) == 2"])
    #expect(run.unfinished == "showsTheError()")
  }

  /// An issue's text is what the testing library's line shows: the first message with the
  /// comment after it, and a caught error's description without the library's label.
  @Test func anIssueKeepsItsCommentAndACaughtErrorItsDescription() {
    func issue(_ test: String, _ messages: [String]) -> String {
      let texts = messages.map { #"{"symbol":"fail","text":"\#($0)"}"# }.joined(separator: ",")
      return
        #"{"kind":"event","payload":{"issue":{"isKnown":false},"kind":"issueRecorded","messages":[\#(texts)],"testID":"exercise9.SignInViewModelTests/\#(test)"},"version":0}"#
    }
    let records = Self.events(tests: Self.tests).split(separator: "\n").filter {
      $0.hasPrefix(#"{"kind":"test""#)
    }
    let run = TestRun(
      events: (records.map(String.init) + [
        issue("signsIn()", ["Expectation failed: (session → UserSession) == nil", "kept"]),
        issue("showsTheError()", ["Caught error: UserSession#1 is still alive"]),
      ]).joined(separator: "\n"),
      ending: .finished)
    #expect(
      run.failures == [
        "signsIn()": "Expectation failed: (session → UserSession) == nil — kept",
        "showsTheError()": "UserSession#1 is still alive",
      ])
  }

  /// The testing library runs tests in parallel, so their events interleave: three tests start,
  /// the first and the third end, and the process crashes. The test named as running when it
  /// stopped is the one that started and never ended, the second: not the last to start, nor
  /// the first, as a stack of nested tests would have it.
  @Test func theTestRunningWhenInterleavedTestsCrashIsTheOneThatNeverEnded() {
    let tests = ["signsIn()", "showsTheError()", "clearsThePassword()"]
    func event(_ kind: String, _ test: String) -> String {
      #"{"kind":"event","payload":{"kind":"\#(kind)","testID":"exercise9.SignInViewModelTests/\#(test)"},"version":0}"#
    }
    // The `test` records of `events(tests:)`, without its events: it runs tests one at a time.
    let records = Self.events(tests: tests).split(separator: "\n").filter {
      $0.hasPrefix(#"{"kind":"test""#)
    }
    let events = [
      event("testStarted", tests[0]), event("testStarted", tests[1]),
      event("testStarted", tests[2]), event("testEnded", tests[0]), event("testEnded", tests[2]),
    ]
    let run = TestRun(
      events: (records.map(String.init) + events).joined(separator: "\n") + "\n",
      ending: .crashed("Fatal error"))
    #expect(run.tests == tests)
    #expect(run.unfinished == "showsTheError()")
  }

  @Test func aKnownIssueIsNotAFailure() {
    let line =
      #"{"kind":"event","payload":{"issue":{"isKnown":true},"kind":"issueRecorded","messages":[{"text":"known"}],"testID":"exercise9.SignInViewModelTests/signsIn()"},"version":0}"#
    let run = TestRun(events: Self.events(tests: Self.tests) + line, ending: .finished)
    #expect(run.failures.isEmpty)
  }

  @Test func testsThatCatchEveryBugPass() {
    let broken = Dictionary(
      uniqueKeysWithValues: SignInBug.allCases.enumerated().map { index, bug in
        (bug.rawValue, Self.run(failing: [Self.tests[index % 2]]))
      })
    let results = TestGrading.results(
      real: Self.run(), broken: broken, of: .signInForm, testsFile: "Tests.swift")
    #expect(results.map(\.id) == CodeUnderTest.signInForm.ruleIDs)
    #expect(results.allSatisfy { $0.status == .pass })
    // The fourth bug is caught by the second test only.
    let caught = results.first {
      $0.id == CodeUnderTest.signInForm.catchesID(SignInBug.showsNoError.rawValue)
    }
    #expect(caught?.message.hasSuffix("caught by `showsTheError()`") == true)
  }

  @Test func aMissNamesTheBugTheTestsLetThrough() {
    var broken = Dictionary(
      uniqueKeysWithValues: SignInBug.allCases.map { ($0.rawValue, Self.run(failing: Self.tests)) })
    broken[SignInBug.tellsTheResponderOnFailure.rawValue] = Self.run()
    let results = TestGrading.results(
      real: Self.run(), broken: broken, of: .signInForm, testsFile: "Tests.swift")
    let miss = results.first { $0.id == "catches-tells-the-responder-on-failure" }
    #expect(miss?.status == .fail)
    #expect(
      miss?.message.hasSuffix(
        "your tests pass against a view model that reports a failed sign-in as signed in") == true)
    #expect(results.filter { $0.status == .fail }.count == 1)
  }

  @Test func aTestThatFailsAgainstNoBrokenViewModelIsRefused() {
    // `showsTheError()` asserts nothing: it passes everywhere; `signsIn()` catches every bug.
    let broken = Dictionary(
      uniqueKeysWithValues: SignInBug.allCases.map {
        ($0.rawValue, Self.run(failing: ["signsIn()"]))
      })
    let results = TestGrading.results(
      real: Self.run(), broken: broken, of: .signInForm, testsFile: "Tests.swift")
    let idle = results.first { $0.id == CodeUnderTest.everyTestCatchesID }
    #expect(idle?.status == .fail)
    #expect(
      idle?.message.contains("`showsTheError()` passes against the real view model") == true)
    #expect(
      Self.status(results, CodeUnderTest.signInForm.catchesID(SignInBug.showsNoError.rawValue))
        == .pass)
  }

  /// Which tests assert anything is read from the learner's file: a test with `#expect` that
  /// every broken copy passes checks the wrong thing; one with no assertion at all asserts
  /// nothing. The verdict says which, and asks "does it assert anything" only when the file was
  /// not read.
  @Test func anIdleTestIsToldWhetherItAssertsAnything() throws {
    let source = """
      @Suite struct SignInTests {
        @Test func showsTheError() {
          let model = SignInViewModel()
          #expect(model.errorMessage == nil)
        }
        @Test(.tags(.form)) func signsIn() async throws {
          let model = SignInViewModel()
          if true { await model.signIn() }
        }
      }
      """
    #expect(TestGrading.assertingTests(in: source) == ["showsTheError"])
    let broken = Dictionary(
      uniqueKeysWithValues: SignInBug.allCases.map { ($0.rawValue, Self.run()) })
    func idle(_ asserting: Set<String>?) -> String? {
      TestGrading.results(
        real: Self.run(), broken: broken, of: .signInForm, testsFile: "Tests.swift",
        asserting: asserting
      ).first { $0.id == CodeUnderTest.everyTestCatchesID }?.message
    }
    // Both tests pass everywhere; the verdict names the first, `signsIn()`, which asserts nothing.
    #expect(
      idle(TestGrading.assertingTests(in: source))?.contains(
        """
        `signsIn()` passes against the real view model and every broken one (so do \
        `showsTheError()`): it checks nothing these bugs change — it asserts nothing: no \
        #expect or #require in its body
        """) == true)
    #expect(
      idle(["signsIn"])?.contains(
        "it asserts, but only what every broken copy does right too") == true)
    #expect(idle(nil)?.hasSuffix("does it assert anything with #expect?") == true)
  }

  @Test func testsThatFailAgainstTheRealViewModelJudgeNothing() {
    let broken = Dictionary(
      uniqueKeysWithValues: SignInBug.allCases.map { ($0.rawValue, Self.run(failing: Self.tests)) })
    let results = TestGrading.results(
      real: Self.run(failing: ["showsTheError()"]), broken: broken, of: .signInForm,
      testsFile: "Tests.swift")
    #expect(results.allSatisfy { $0.status == .fail })
    #expect(results[0].message.contains("`showsTheError()` fails against it: Expectation failed"))
    #expect(
      results[1].message.hasSuffix("not judged until your tests pass against the real view model"))
    // The failure against the real code is the cause; the rules not judged yet say so, so the
    // runner lists them after it and a grader does not read them as bugs the tests let through.
    #expect(results[0].cause == nil)
    #expect(results.dropFirst().allSatisfy { $0.cause == .notChecked })
  }

  @Test func noTestsIsNotAPass() {
    let results = TestGrading.results(
      real: TestRun(events: "", ending: .finished), broken: [:], of: .signInForm,
      testsFile: "Tests.swift")
    #expect(results[0].message.hasSuffix("no @Test ran: write your tests in Tests.swift"))
    #expect(results.allSatisfy { $0.status == .fail })
  }

  @Test func aCrashOrAHangAgainstABrokenViewModelCatchesIt() {
    var broken = Dictionary(
      uniqueKeysWithValues: SignInBug.allCases.map { ($0.rawValue, Self.run(failing: Self.tests)) })
    broken[SignInBug.neverTellsTheResponder.rawValue] = TestRun(
      events: Self.events(tests: Self.tests, unfinished: "signsIn()"),
      ending: .crashed("Fatal error"))
    broken[SignInBug.showsNoError.rawValue] = TestRun(
      events: Self.events(tests: Self.tests, unfinished: "showsTheError()"), ending: .timedOut)
    let results = TestGrading.results(
      real: Self.run(), broken: broken, of: .signInForm, testsFile: "Tests.swift")
    #expect(results.allSatisfy { $0.status == .pass })
    let crash = results.first {
      $0.id == CodeUnderTest.signInForm.catchesID(SignInBug.neverTellsTheResponder.rawValue)
    }
    #expect(
      crash?.message.contains("caught: your tests crashed against it in `signsIn()`") == true)
  }

  /// Exercise 11's verdicts name the app, not a view model, in both languages.
  @Test func exercise11sVerdictsNameTheApp() {
    let code = CodeUnderTest.podcastApp
    var broken = Dictionary(
      uniqueKeysWithValues: code.bugs.map { ($0, Self.run(failing: Self.tests)) })
    broken["queue-registered-weak"] = Self.run()
    let results = TestGrading.results(
      real: Self.run(), broken: broken, of: code, testsFile: "PodcastLifetimeTests.swift")
    #expect(results.map(\.id).first == "tests-pass-on-the-real-app")
    let miss = results.first { $0.id == "catches-queue-registered-weak" }
    #expect(
      miss?.message.hasSuffix(
        """
        your tests pass against an app that registers the listener's queue .weak, so it is \
        lost between two uses
        """) == true)
    #expect(
      miss?.message(in: .korean).hasSuffix(
        """
        여러분의 테스트가 청취자의 재생 대기열을 .weak로 등록해서 두 번 쓰는 사이에 잃어버리는 앱에서도 \
        통과한다
        """) == true)
  }

  /// A test whose only catch is a crash against one broken view model has caught something: it
  /// is not named as a test that checks nothing.
  @Test func aTestWhoseOnlyCatchIsACrashIsNotIdle() {
    var broken = Dictionary(
      uniqueKeysWithValues: SignInBug.allCases.map {
        ($0.rawValue, Self.run(failing: ["signsIn()"]))
      })
    broken[SignInBug.showsNoError.rawValue] = TestRun(
      events: Self.events(tests: Self.tests, unfinished: "showsTheError()"),
      ending: .crashed("Fatal error"))
    let results = TestGrading.results(
      real: Self.run(), broken: broken, of: .signInForm, testsFile: "Tests.swift")
    #expect(Self.status(results, CodeUnderTest.everyTestCatchesID) == .pass)
    #expect(results.allSatisfy { $0.status == .pass })
  }

  /// Exercise 9's note on each bug caught — by a failing test, a crash, a hang or a `todo(…)` —
  /// reads in Korean.
  @Test func theTestGradersCatchNotesReadInKorean() throws {
    let code = CodeUnderTest.signInForm
    let tests = Self.tests
    var broken = Dictionary(
      uniqueKeysWithValues: code.bugs.map { ($0, Self.run(failing: tests)) })
    let stopped: [TestRun.Ending] = [
      .crashed("Fatal error"), .timedOut, .todo("TODO: x (a.swift:1)"),
    ]
    for (bug, ending) in zip(code.bugs.dropFirst(), stopped) {
      broken[bug] = TestRun(
        events: Self.events(tests: tests, unfinished: tests[0]), ending: ending)
    }
    let results = TestGrading.results(
      real: Self.run(), broken: broken, of: code, testsFile: "Tests.swift")
    for bug in code.bugs {
      let caught = try #require(results.first { $0.id == code.catchesID(bug) })
      let note = caught.detail?.ko ?? ""
      #expect(caught.status == .pass, "\(bug)")
      #expect(note.hasPrefix("잡아낸") || note.hasPrefix("잡아냄"), "\(bug): \(note)")
      #expect(KoreanText.englishSentences(in: note).isEmpty, "\(bug): \(note)")
    }
  }
}
