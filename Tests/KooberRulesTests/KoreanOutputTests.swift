import ChapterTestSupport
import Foundation
import KooberKit
import KooberStory
import Testing
import TracePictures

@testable import ExerciseRuntime
@testable import KooberRules
@testable import ObjectTrace
@testable import WorkbookRunner

/// What `workbook --lang ko` prints is Korean: every text of the runner's tables, the verdict of
/// a crash and a time-out, the grader's messages, exercise 9's verdicts and the untraced note —
/// code, ids, step names, paths and commands aside. (Each wrong answer's verdict in Korean is
/// checked with the wrong answers, in `WrongAnswerTests`.)
@Suite @MainActor struct KoreanOutputTests {
  @Test func theEnglishDetectorFindsASentenceAndPassesKorean() {
    #expect(!KoreanText.englishSentences(in: "the story did not finish in 60 s").isEmpty)
    #expect(
      KoreanText.englishSentences(
        in: """
          sign-up 뒤에도 OnboardingViewModel#1이 살아 있다. 붙잡은 곳: \
          KooberAppDependencyContainer#1.sharedOnboardingViewModel (`swift run workbook list`)
          """
      ).isEmpty)
  }

  // MARK: - The runner's tables

  /// Each text of the runner's tables, by name, with sample values filled in.
  static let samples: [(name: String, fill: @Sendable (RunnerTexts) -> [String])] = [
    ("usageHeader", { [$0.usageHeader] }),
    // With the footer, the whole usage and each command's help, which the commands declare.
    (
      "usageFooter",
      { texts in
        [texts.usageFooter, texts.usage]
          + RunnerCommandLine.commands.compactMap { texts.commandUsage($0.name) }
      }
    ),
    ("error", { [$0.error] }), ("warning", { [$0.warning] }),
    ("languageValue", { [$0.languageValue("'fr'")] }),
    ("unknownCommand", { [$0.unknownCommand("'x'")] }),
    ("unexpectedArgument", { [$0.unexpectedArgument("'x'")] }),
    ("unknownOption", { [$0.unknownOption("'--nope'")] }),
    ("missingValue", { [$0.missingValue("--format")] }),
    ("givenTwice", { [$0.givenTwice("--all")] }),
    ("takesNoValue", { [$0.takesNoValue("--yes")] }),
    ("notTogether", { [$0.notTogether(["--server", "--preview"])] }),
    ("needs", { [$0.needs("--format", "--trace")] }),
    ("needsExercise", { [$0.needsExercise("check", 9)] }),
    ("noExercise", { [$0.noExercise("'10'", 9)] }),
    ("diffNotChapters", { [$0.diffNotChapters(["'0'", "'9'"])] }),
    ("diffNeedsTwoChapters", { [$0.diffNeedsTwoChapters] }),
    ("diffFormat", { [$0.diffFormat("'pdf'")] }),
    ("reportNeedsFile", { [$0.reportNeedsFile] }),
    ("reportFormat", { [$0.reportFormat("'xml'")] }),
    ("reportUnreadable", { [$0.reportUnreadable("'grade.json'", "x")] }),
    ("devNeedsSubcommand", { [$0.devNeedsSubcommand] }),
    ("unknownDevCommand", { [$0.unknownDevCommand("'x'")] }),
    ("progressKeptAside", { [$0.progressKeptAside(".workbook/state.json", ".workbook/s-1")] }),
    ("progressNotRemembered", { [$0.progressNotRemembered(".workbook/state.json")] }),
    ("listTitle", { [$0.listTitle] }), ("listLegend", { [$0.listLegend] }),
    ("listNext", { [$0.listNext("Chapters/01/TASK.md", "Chapters/01/exercise", 1)] }),
    ("everyExercisePasses", { [$0.everyExercisePasses] }),
    ("cannotRead", { [$0.cannotRead("Chapters/01/HINTS.md")] }),
    ("noHints", { [$0.noHints("Chapters/01/HINTS.md")] }),
    ("hintOf", { [$0.hintOf(1, 3)] }), ("anotherHint", { [$0.anotherHint(4)] }),
    ("lastHint", { [$0.lastHint(4)] }), ("nothingToBackUp", { [$0.nothingToBackUp] }),
    ("alreadyTheStarter", { [$0.alreadyTheStarter] }),
    ("backedUp", { [$0.backedUp("exercise4")] }),
    ("cannotBackUp", { [$0.cannotBackUp("Chapters/04/exercise")] }),
    ("cannotWriteStarter", { [$0.cannotWriteStarter("Chapters/04/exercise", $0.nothingToBackUp)] }),
    ("resetDone", { [$0.resetDone(4, $0.backedUp("exercise4"))] }),
    ("resetNext", { [$0.resetNext(4)] }), ("resetAllNext", { [$0.resetAllNext] }),
    ("solutionHeader", { [$0.solutionHeader(4, "KooberSignedInDependencyContainer", "a/b")] }),
    ("solutionNext", { [$0.solutionNext("Chapters/04/exercise", 4)] }),
    ("solutionNotTried", { [$0.solutionNotTried(4)] }),
    ("solutionQuestion", { [$0.solutionQuestion(4)] }),
    ("yesAnswers", { [$0.yesAnswers.joined(separator: " ")] }),
    ("solutionNotShown", { [$0.solutionNotShown(4)] }),
    ("solutionAgainstYours", { [$0.solutionAgainstYours(4, "KooberSignedIn…", "a/b")] }),
    ("solutionSameAsYours", { [$0.solutionSameAsYours] }),
    ("solutionDiffNext", { [$0.solutionDiffNext] }),
    ("exerciseHeader", { [$0.exerciseHeader(4, "KooberSignedInDependencyContainer")] }),
    ("building", { [$0.building("exercise4")] }), ("doesNotCompile", { [$0.doesNotCompile] }),
    ("compileErrorNext", { [$0.compileErrorNext(4)] }),
    ("notDoneYet", { [$0.notDoneYet("TODO: x (a.swift:1)")] }),
    ("reachedInStep", { [$0.reachedInStep("sign-up")] }),
    ("finishedSteps", { [$0.finishedSteps("launch, sign-up")] }),
    ("todoNext", { [$0.todoNext(4)] }),
    ("problemNext", { [$0.problemNext(4, true), $0.problemNext(5, false)] }),
    (
      "allRulesHold",
      {
        [
          $0.allRulesHold(12, 4, nil),
          $0.allRulesHold(21, 12, "Chapters/open/exercise-12-pick-me-up/AFTER.ko.md"),
        ]
      }
    ),
    (
      "someRulesHold",
      { texts in [.tests, .story, .plain].map { texts.someRulesHold(3, 5, $0, 4) } }
    ),
    ("score", { [$0.score(2, 9)] }), ("buildTimedOut", { [$0.buildTimedOut(900)] }),
    ("storyTimedOut", { [$0.storyTimedOut(60, nil), $0.storyTimedOut(60, "sign-up")] }),
    ("crashed", { [$0.crashed(nil, "Fatal error: x"), $0.crashed("sign-up", "Fatal error: x")] }),
    ("crashedWhile", { [$0.crashedWhile("x", "Fatal error: x")] }),
    ("noReport", { [$0.noReport(nil), $0.noReport("x")] }),
    ("costHeading", { [$0.costHeading(9)] }),
    ("costColumns", { $0.costColumns }),
    ("secondReport", { [$0.secondReport] }),
    ("exitedAfterReport", { [$0.exitedAfterReport(1)] }),
    ("stoppedBySignal", { [$0.stoppedBySignal(11, nil), $0.stoppedBySignal(11, "SIGSEGV")] }),
    ("exitStatus", { [$0.exitStatus(3)] }),
    ("signalMeanings", { $0.signalMeanings.sorted { $0.key < $1.key }.map(\.value) }),
    (
      "testsCrashed",
      { texts in
        Exercise.all.compactMap(\.testedCode).flatMap {
          [texts.testsCrashed($0.real, nil, "x"), texts.testsCrashed($0.real, "a()", "x")]
        }
      }
    ),
    (
      "testsTimedOut",
      { texts in
        Exercise.all.compactMap(\.testedCode).flatMap {
          [texts.testsTimedOut($0.real, 60, nil), texts.testsTimedOut($0.real, 60, "a()")]
        }
      }
    ),
    ("gradeHeading", { [$0.gradeHeading(34, 100)] }),
    ("gradeColumns", { [$0.gradeColumns.joined(separator: " | ")] }),
    ("gradePasses", { [$0.gradePasses] }), ("gradeRulesHold", { [$0.gradeRulesHold(8, 12)] }),
    ("gradeNotDone", { [$0.gradeNotDone] }), ("gradeDoesNotCompile", { [$0.gradeDoesNotCompile] }),
    ("gradeNext", { [$0.gradeNext] }),
    ("watching", { [$0.watching] }),
    ("chapterDoesNotBuild", { [$0.chapterDoesNotBuild(3)] }),
    ("chapterPrintedNoTrace", { [$0.chapterPrintedNoTrace(3, 1)] }),
    ("diffHeading", { [$0.diffHeading(3, "Single container", 4, "Container hierarchy")] }),
    ("diffSame", { [$0.diffSame] }), ("aliveOnlyIn", { [$0.aliveOnlyIn(3)] }),
    ("referencesOnlyIn", { [$0.referencesOnlyIn(3)] }),
    ("referencesElsewhere", { [$0.referencesElsewhere] }), ("heldBy", { [$0.heldBy] }),
    ("onlyScreens", { [$0.onlyScreens] }), ("findingsGone", { [$0.findingsGone] }),
    ("findingsNew", { [$0.findingsNew] }),
  ]

  /// Every text of the tables is filled in above: a new text cannot be left out of the check.
  @Test func theSamplesNameEveryText() {
    let names = Mirror(reflecting: RunnerTexts.english).children.compactMap(\.label)
      .filter { $0 != "language" }
    #expect(names == Self.samples.map(\.name))
  }

  /// Each text of the Korean table is Korean, and not the English one copied.
  @Test func everyRunnerTextIsInBothLanguages() {
    for (name, fill) in Self.samples {
      let english = fill(.english)
      let korean = fill(.korean)
      #expect(english.count == korean.count, "\(name)")
      for (english, korean) in zip(english, korean) {
        // A bare signal name (`SIGKILL`) is the same in both.
        if name == "signalMeanings", !english.contains(" ") { continue }
        #expect(KoreanText.isKorean(korean), "\(name) is not Korean: \(korean)")
        #expect(korean != english, "\(name) is the English text")
        #expect(
          KoreanText.englishSentences(in: korean).isEmpty, "\(name) has English in it: \(korean)")
      }
    }
  }

  /// A part of a whole reads the whole first in Korean ("9개 중 2개"), the part first in English
  /// ("2 of 9"): in both, each number stands where its sentence says.
  @Test func aPartOfAWholeKeepsEachNumberInItsPlace() {
    let english = RunnerTexts.english
    let korean = RunnerTexts.korean
    #expect(english.score(2, 9).contains("2 of 9"))
    #expect(korean.score(2, 9).contains("9개 중 2개"))
    #expect(english.gradeHeading(34, 100).contains("34 of 100"))
    #expect(korean.gradeHeading(34, 100).contains("100점 중 34점"))
    #expect(english.gradeRulesHold(8, 12).contains("8 of 12"))
    #expect(korean.gradeRulesHold(8, 12).contains("12개 중 8개"))
    #expect(english.someRulesHold(3, 5, .plain, 4).contains("3 of 5"))
    #expect(korean.someRulesHold(3, 5, .plain, 4).contains("5개 중 3개"))
  }

  // MARK: - The rules' verdicts

  /// Exercises 9 and 11's verdicts when no test ran, in Korean.
  @Test(arguments: Exercise.all.compactMap(\.testedCode).map(\.passesOnRealID))
  func theTestGradersVerdictsReadInKorean(_ id: RuleID) throws {
    let code = try #require(Exercise.all.compactMap(\.testedCode).first { $0.passesOnRealID == id })
    let real = TestRun(events: "", ending: .finished)
    let none = TestGrading.results(real: real, broken: [:], of: code, testsFile: "Tests.swift")
    #expect(none.map(\.id) == code.ruleIDs)
    for result in none {
      #expect(KoreanText.englishSentences(in: result.message(in: .korean)).isEmpty, "\(result.id)")
    }
  }

  // MARK: - The verdict lines

  @Test func everyVerdictWithoutRulesReadsInKorean() {
    let exercise = Exercise.numbered(4)!
    let steps = [
      ExerciseEvent.started(step: .launch), .finished(step: .launch),
      .started(step: .signUp),
    ]
    let report = ExerciseEvent.report(ExerciseCheck.Report(exercise: 4, rules: []))
    let runs: [(status: Int32, events: [ExerciseEvent])] = [
      (128 + 4, steps), (Subprocess.timedOut, steps), (0, steps), (0, steps + [report, report]),
      (1, steps + [report]),
    ]
    for run in runs {
      let result = ExerciseBuild.verdict(
        of: ExerciseRun(
          status: run.status, channel: run.events.map(\.line).joined(), errors: "something\n",
          exercise: exercise, texts: .korean),
        texts: .korean)
      let problem = result.problem ?? ""
      #expect(!problem.isEmpty)
      #expect(problem.contains("sign-up") || run.status < 128)
      #expect(KoreanText.isKorean(problem))
      #expect(KoreanText.englishSentences(in: problem).isEmpty, "\(problem)")
    }
  }

  /// The grader's report keeps ids and statuses in English and gives messages in the language
  /// asked for.
  @Test func theGradersMessagesFollowTheLanguage() {
    let exercise = Exercise.numbered(4)!
    let detail = Localized(en: "it is wrong", ko: "틀렸다")
    let statement = Localized(en: "a rule", ko: "규칙")
    let result = CheckResult(
      status: .fail,
      rules: [
        RuleResult(
          id: "a-rule", status: .fail, message: "a rule — it is wrong", statement: statement,
          detail: detail)
      ])
    let korean = GraderReport.Entry(exercise: exercise, result: result, language: .korean)
    #expect(korean.status == .fail)
    #expect(korean.rules.map(\.id) == ["a-rule"])
    #expect(korean.rules.map(\.status) == [.fail])
    #expect(korean.rules.map(\.message) == ["규칙 — 틀렸다"])
    let english = GraderReport.Entry(exercise: exercise, result: result)
    #expect(english.rules.map(\.message) == ["a rule — it is wrong"])
  }

  @Test func theUntracedNoteReadsInKorean() {
    let finding = Trace.Finding(
      kind: .untraced, object: "Helper#1",
      detail: """
        it stores no Lifetime token, so the trace cannot tell its scope or the step it was \
        made in; add `let lifetime = Lifetime(of: Helper.self, scope: .app)` as its first \
        stored property
        """,
      declaration: "let lifetime = Lifetime(of: Helper.self, scope: .app)")
    let step = Trace.Step(
      name: "launch", screen: "", created: [], released: [], live: ["Helper#1"], roots: [],
      edges: [], findings: [finding])
    let trace = Trace(chapter: 4, title: "", steps: [step], objects: [])
    let notes = ExerciseCheck.untracedNotes(trace) ?? []
    #expect(notes.count == 1)
    let korean = notes.first?.ko ?? ""
    #expect(korean.contains("`let lifetime = Lifetime(of: Helper.self, scope: .app)`"))
    #expect(KoreanText.englishSentences(in: korean).isEmpty, "\(korean)")
  }

  // MARK: - The language

  @Test func theLanguageIsTheWorkbooksThenTheLocales() {
    #expect(WorkbookLanguage.fromEnvironment([:], preferredLanguages: []) == .english)
    #expect(WorkbookLanguage.fromEnvironment(["LANG": "ko_KR.UTF-8"]) == .korean)
    #expect(WorkbookLanguage.fromEnvironment(["LANG": "ko_KR.UTF-8", "LC_ALL": "C"]) == .english)
    #expect(WorkbookLanguage.fromEnvironment(["WORKBOOK_LANG": "ko", "LANG": "C"]) == .korean)
    #expect(
      WorkbookLanguage.fromEnvironment(["WORKBOOK_LANG": "en", "LANG": "ko_KR"]) == .english)
    // A variable set but empty counts as not set, as POSIX has it: `LANG` decides.
    #expect(WorkbookLanguage.fromEnvironment(["LC_ALL": "", "LANG": "ko_KR.UTF-8"]) == .korean)
  }

  /// A program started from Xcode or the Finder gets no `LANG`: then the system's first
  /// preferred language decides (System Settings' list on macOS).
  @Test func withoutALocaleTheSystemsFirstLanguageDecides() {
    #expect(WorkbookLanguage.fromEnvironment([:], preferredLanguages: ["ko-KR", "en"]) == .korean)
    #expect(WorkbookLanguage.fromEnvironment([:], preferredLanguages: ["en-US", "ko"]) == .english)
    #expect(
      WorkbookLanguage.fromEnvironment(["LANG": "en_US.UTF-8"], preferredLanguages: ["ko-KR"])
        == .english)
    #expect(
      WorkbookLanguage.fromEnvironment(["LANG": ""], preferredLanguages: ["ko-KR"]) == .korean)
  }

  /// The untraced note an exercise sends with its report is shown in the check's language.
  @Test func theUntracedNoteOfAReportIsShownInKorean() throws {
    let note = Localized(
      en: "Helper (first seen as Helper#1 in launch): it stores no Lifetime token",
      ko: "Helper(처음 나온 곳: launch 단계의 Helper#1): Lifetime 토큰을 저장하지 않아서")
    let report = ExerciseCheck.Report(exercise: 4, rules: [], notes: [note])
    let run = ExerciseRun(
      status: 0, channel: ExerciseEvent.report(report).line, errors: "",
      exercise: try #require(Exercise.numbered(4)), texts: .korean)
    let result = ExerciseBuild.verdict(of: run, texts: .korean)
    #expect(result.status == .pass)
    #expect(result.notes == [note.ko])
  }

  /// `exercise9 --lang ko` and `exercise11 --lang ko`, run by a learner, end with a Korean line:
  /// whether their tests pass against the real code or the bug `--bug` planted (with the object
  /// particle its last syllable takes), and the next step. The solutions' tests pass against the
  /// real code and fail against a bug, as a finished learner's would.
  @Test(arguments: [
    (
      "solution9", ["--lang", "ko"], Int32(0),
      """
      여러분의 테스트가 진짜 SignInViewModel을 상대로 모두 통과합니다. 다음 할 일: \
      `swift run workbook check 9 --lang ko`를 실행해 고장 난 뷰 모델 하나하나를 상대로도 \
      테스트를 돌려 보세요.
      """
    ),
    (
      "solution9", ["--lang", "ko", "--bug", "shows-no-error"], Int32(1),
      """
      로그인이 실패해도 오류를 보여 주지 않는 뷰 모델을 상대로 여러분의 테스트 가운데 일부가 \
      실패합니다. 다음 할 일: `swift run workbook check 9 --lang ko`를 실행해 고장 난 뷰 모델 \
      하나하나를 상대로도 테스트를 돌려 보세요.
      """
    ),
    (
      "solution11", ["--lang", "ko"], Int32(0),
      """
      여러분의 테스트가 진짜 팟캐스트 앱을 상대로 모두 통과합니다. 다음 할 일: \
      `swift run workbook check 11 --lang ko`를 실행해 고장 난 앱 하나하나를 상대로도 \
      테스트를 돌려 보세요.
      """
    ),
  ])
  nonisolated func aLearnersTestRunEndsWithAKoreanLine(
    program: String, arguments: [String], status: Int32, line: String
  ) throws {
    let run = try ExecutableRun(program, arguments)
    #expect(run.status == status)
    let last = run.standardError.split(separator: "\n").last.map(String.init)
    #expect(last == line)
  }
}
