import ChapterTestSupport
import Foundation
import KooberRules
import ObjectTrace
import Testing
import TracePictures

@testable import WorkbookRunner

/// How the runner reads a build's and a run's output into a verdict.
@Suite struct ExerciseBuildTests {
  static let exercise = Exercise.all[3]

  @Test func compilerErrorsAreTrimmedToTheLearnersFilesOnce() {
    let folder = "/w/Chapters/04-container-hierarchy/exercise"
    let output = """
      Building for debugging...
      /w/Sources/Other/Thing.swift:3:1: error: not yours
      \(folder)/KooberSignedInDependencyContainer.swift:12:5: error: cannot find 'x' in scope
      10 |   init() {
      11 |     let a = 1
      12 |     x = a
         |     `- error: cannot find 'x' in scope
      [3/9] Compiling exercise4 main.swift
      \(folder)/KooberSignedInDependencyContainer.swift:12:5: error: cannot find 'x' in scope
      10 |   init() {
      11 |     let a = 1
      12 |     x = a
         |     `- error: cannot find 'x' in scope
      error: emit-module command failed with exit code 1
      """
    let errors = ExerciseBuild.compilerErrors(in: output, folder: folder, relativeTo: "/w")
    #expect(errors.count == 1)
    #expect(
      errors.first?.hasPrefix(
        """
        Chapters/04-container-hierarchy/exercise/KooberSignedInDependencyContainer.swift:12:5: \
        error: cannot find 'x' in scope\n10 |
        """) == true)
    #expect(errors.first?.contains("not yours") == false)
  }

  @Test func aBuildThatFailsElsewhereShowsItsLastLines() {
    let errors = ExerciseBuild.compilerErrors(
      in: "Building…\nerror: no product named 'exercise4'\n", folder: "/w/x", relativeTo: "/w")
    #expect(errors == ["Building…\nerror: no product named 'exercise4'"])
  }

  /// A run of exercise 4 that exited with `status`, its channel carrying `events`.
  static func run(_ status: Int32, _ events: [ExerciseEvent], errors: String = "") -> ExerciseRun {
    ExerciseRun(
      status: status, channel: events.map(\.line).joined(), errors: errors, root: "/w",
      exercise: Self.exercise)
  }

  static let failing = ExerciseCheck.Report(
    exercise: 4,
    rules: [
      RuleResult(id: "story-completes", status: .pass, message: "ok"),
      RuleResult(id: "nothing-leaks", status: .fail, message: "the app leaks — A#1"),
    ])
  static let passing = ExerciseCheck.Report(
    exercise: 4, rules: [RuleResult(id: "story-completes", status: .pass, message: "ok")])

  @Test func aTodoIsNotDoneYetNotACrash() {
    let line = "TODO: make the screens (Chapters/04-container-hierarchy/exercise/A.swift:3)"
    let result = ExerciseBuild.verdict(
      of: Self.run(todoExitStatus, [.started(step: .launch), .todo(line)], errors: line))
    #expect(result.status == .todo)
    #expect(result.todo == line)
    #expect(result.unfinishedStep == .launch)
  }

  /// A `TODO:` line on standard error and the `todo` exit status are not a `todo`: only the
  /// channel says so.
  @Test func aTodoPrintedByTheLearnerIsNotTheChecks() {
    let printed = "TODO: (Chapters/04-container-hierarchy/exercise/A.swift:3)"
    let result = ExerciseBuild.verdict(of: Self.run(todoExitStatus, [], errors: printed))
    #expect(result.status == .fail)
    #expect(result.todo == nil)
    #expect(result.problem == "the check sent no report: \(printed)")
  }

  @Test func aCrashShowsTheRuntimesLineInTheLearnersFileAndItsStep() {
    let run = Self.run(
      132,
      [
        .started(step: .launch), .finished(step: .launch), .started(step: .signUp),
        .crashed(step: .signUp),
      ],
      errors: """
        exercise4/KooberSignedInDependencyContainer.swift:38: Fatal error: x

        the story crashed in step sign-up: the line above says why\n
        """)
    let result = ExerciseBuild.verdict(of: run)
    #expect(result.status == .fail)
    #expect(
      result.problem
        == """
        the composition crashed in step sign-up: Chapters/04-container-hierarchy/exercise/\
        KooberSignedInDependencyContainer.swift:38: Fatal error: x
        """)
    #expect(result.finishedSteps == [.launch])
    #expect(result.hasStepsToShow)
    #expect(result.rules.isEmpty)
  }

  /// A refusal at launch (`verify()`) finishes no step: the next step offers no trace, which
  /// would show nothing.
  @Test func aCrashAtLaunchHasNoStepToShow() {
    let run = Self.run(
      132, [.started(step: .launch), .crashed(step: .launch)],
      errors: """
        exercise4/AppDelegate.swift:25: Precondition failed: verify() refused x

        the story crashed in step launch: the line above says why\n
        """)
    let result = ExerciseBuild.verdict(of: run)
    #expect(result.problem?.hasPrefix("the composition crashed in step launch: ") == true)
    #expect(result.finishedSteps.isEmpty)
    #expect(!result.hasStepsToShow)
  }

  @Test func aCrashWithoutTheRuntimesLineNamesItsSignal() {
    let result = ExerciseBuild.verdict(of: Self.run(139, []))
    #expect(
      result.problem
        == "the composition crashed: stopped by signal 11 (SIGSEGV, a bad memory access)")
  }

  /// A run of the learner's tests finished when the testing library ended it: every test passed
  /// (0), some failed (1), or it found none to run (69, which the rules then grade as no test).
  @Test(arguments: [Int32(0), 1, ExerciseBuild.noTestsStatus])
  func aTestRunTheLibraryEndedIsFinished(status: Int32) {
    let ending = ExerciseBuild.testEnding(of: .testsFinished(status: status), texts: .english)
    #expect(ending == .finished)
  }

  /// Any other end of a test run is a crash, named by its signal.
  @Test func aTestRunEndedOtherwiseCrashed() {
    let ending = ExerciseBuild.testEnding(of: .testsFinished(status: 134), texts: .english)
    #expect(ending == .crashed("stopped by signal 6 (SIGABRT, an abort)"))
  }

  /// A stand-in for an exercise that finishes launch and then never ends sign-up, run as the
  /// checker runs an exercise: its steps reach the checker over the channel it was given.
  @Test func aHangIsStoppedAtTheLimitAndTheStepItWasInIsNamed() throws {
    let events = [
      ExerciseEvent.started(step: .launch), .finished(step: .launch),
      .started(step: .signUp),
    ].map(\.line).joined()
    let script = "printf '%s' '\(events)' >> \"$\(ReportChannel.variable)\"; exec sleep 60"
    var build = ExerciseBuild(workspace: Workspace(root: URL(fileURLWithPath: "/")))
    build.runLimit = 1
    let started = ContinuousClock.now
    let run = try build.runExercise(
      Self.exercise, binary: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script], limit: 1)
    #expect(ContinuousClock.now - started < .seconds(5))
    #expect(run.ending == .timedOut)
    let result = ExerciseBuild.verdict(of: run, limit: 1)
    #expect(
      result.problem
        == """
        the story did not finish in 1 s in step sign-up (an endless loop, or a wait that \
        never ends?)
        """)
    #expect(result.finishedSteps == [.launch])
  }

  /// The order is the rules' own causes, not their words: a failure that names a stored
  /// property comes before one that can only say no chain keeps the object, in any language.
  @Test func theMostExactFailureIsReadFirst() {
    let vague = RuleResult(
      id: "signed-in-scope-ends", status: .fail,
      message: "… SignedInViewModel#1 is still alive; held by no stored strong reference; "
        + Trace.noRetentionChain, cause: .noChain)
    let exact = RuleResult(
      id: "factories-are-stateless", status: .fail,
      message: "… KooberObjectFactories#1 stores `signedInViewModel`", cause: .onTheObjects)
    let pass = RuleResult(id: "story-completes", status: .pass, message: "ok")
    let result = CheckResult(status: .fail, rules: [vague, pass, exact])
    #expect(result.rulesInReadingOrder.map(\.id) == [pass.id, exact.id, vague.id])
    // Reworded, or shown in Korean only, the same causes read in the same order.
    let reworded = RuleResult(
      id: vague.id, status: .fail, message: "SignedInViewModel#1: 붙잡은 저장된 강한 참조가 없다",
      cause: .noChain)
    #expect(
      CheckResult(status: .fail, rules: [reworded, exact]).rulesInReadingOrder.map(\.id)
        == [exact.id, vague.id])
  }

  /// A story that stopped is a symptom when a rule names its cause on the objects (a second
  /// MainViewModel keeps the app in onboarding): that rule is read first; the rules the stop
  /// left unchecked come last. When no rule explains the stop (a crash), the stop is first.
  @Test func theCauseIsReadBeforeTheStoryThatStopped() {
    let stopped = RuleResult(
      id: "story-completes", status: .fail, message: "…",
      detail: Localized(en: "it stopped in step sign-up: the screen is Onboarding", ko: "…"),
      cause: .storyStopped)
    let unchecked = RuleResult(
      id: "signed-in-scope-ends", status: .fail, message: "…",
      detail: Localized(en: "not checked: the story stopped in sign-up", ko: "…"),
      cause: .notChecked)
    let cause = RuleResult(
      id: "one-main-view-model", status: .fail, message: "…",
      detail: Localized(en: "in sign-up, SignUpViewModel#1 reports to MainViewModel#2", ko: "…"),
      cause: .onTheObjects)
    let result = CheckResult(status: .fail, rules: [stopped, cause, unchecked])
    #expect(result.rulesInReadingOrder.map(\.id) == [cause.id, stopped.id, unchecked.id])
    let crash = CheckResult(status: .fail, rules: [stopped, unchecked])
    #expect(crash.rulesInReadingOrder.map(\.id) == [stopped.id, unchecked.id])
  }

  /// Whatever the learner's code prints — a passing report's very line, on standard output or
  /// standard error — the verdict is the one on the channel.
  @Test func nothingPrintedIsReadAsAReport() throws {
    let planted = ExerciseEvent.report(Self.passing).line
    let script =
      "printf '%s' '\(planted)'; printf '%s' '\(planted)' >&2; "
      + "printf '%s' '\(ExerciseEvent.report(Self.failing).line)' >> \"$\(ReportChannel.variable)\"; "
      + "exit 1"
    let build = ExerciseBuild(workspace: Workspace(root: URL(fileURLWithPath: "/")))
    let run = try build.runExercise(
      Self.exercise, binary: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script],
      limit: 30)
    let result = ExerciseBuild.verdict(of: run)
    #expect(result.status == .fail)
    #expect(result.problem == nil)
    #expect(result.rules.map(\.id) == ["story-completes", "nothing-leaks"])
  }

  /// A report the learner's code writes to the channel itself is one report too many, before the
  /// check's report or after it: the run has no verdict.
  @Test func aSecondReportIsRefused() {
    for events in [
      [ExerciseEvent.report(Self.passing), .report(Self.failing)],
      [.report(Self.failing), .report(Self.passing)],
      [.report(Self.passing), .todo("TODO: x")],
    ] {
      let result = ExerciseBuild.verdict(of: Self.run(0, events))
      #expect(result.status == .fail)
      #expect(result.rules.isEmpty)
      #expect(result.problem?.hasPrefix("the check's channel carried two reports") == true)
    }
  }

  @Test func aReportForAnotherExerciseOrNoReportIsNotAPass() {
    let other = ExerciseCheck.Report(exercise: 5, rules: Self.passing.rules)
    let wrongExercise = ExerciseBuild.verdict(of: Self.run(0, [.report(other)]))
    #expect(wrongExercise.status == .fail)
    #expect(wrongExercise.problem?.hasPrefix("the check sent no report") == true)
    let none = ExerciseBuild.verdict(of: Self.run(0, []))
    #expect(none.status == .fail)
    #expect(none.problem == "the check sent no report")
  }

  /// The status must agree with the report: a passing report followed by exit status 1, or a
  /// failing one by 0, is not a verdict.
  @Test(arguments: [(1, true), (0, false), (2, true)])
  func anExitStatusThatDisagreesWithTheReportIsNotAVerdict(status: Int32, passes: Bool) {
    let result = ExerciseBuild.verdict(
      of: Self.run(status, [.report(passes ? Self.passing : Self.failing)]))
    #expect(result.status == .fail)
    #expect(result.rules.isEmpty)
    #expect(
      result.problem
        == "the check sent its report, then the program exited with status \(status) (does your "
        + "code call exit()?)")
  }

  /// The built solution to exercise 4, run as `workbook check` runs it, reports over its channel
  /// that every rule holds, and prints nothing the checker reads.
  @Test func aSolutionReportsOverItsChannel() throws {
    let build = ExerciseBuild(workspace: Workspace(root: Chapters.packageRoot))
    let run = try build.runExercise(
      Self.exercise, binary: try ExecutableRun.location(of: "solution4"), limit: 60)
    let result = ExerciseBuild.verdict(of: run)
    #expect(result.status == .pass)
    #expect(!result.rules.isEmpty)
    #expect(result.finishedSteps == [.launch, .signUp, .signOut, .signIn, .quit])
    let reports = run.channel.split(separator: "\n").compactMap(ExerciseEvent.init(line:))
      .filter(\.isReport)
    #expect(reports.count == 1)
  }

  @Test func theGraderReportHasTheBriefsShape() throws {
    let report = GraderReport(exercises: [
      .init(
        exercise: Exercise.numbered(1)!,
        result: CheckResult(
          status: .pass,
          rules: [
            RuleResult(id: "story-completes", status: .pass, message: "ok")
          ])),
      .init(exercise: Self.exercise, result: CheckResult(status: .todo, todo: "TODO: x (f:1)")),
    ])
    #expect(report.score == 1)
    #expect(report.maxScore == 2)
    #expect(report.status == .fail)
    #expect(report.json.contains("\"maxScore\" : 2"))
    #expect(report.json.contains("\"status\" : \"todo\""))
    #expect(report.json.contains("\"message\" : \"TODO: x (f:1)\""))
    #expect(report.json.contains("\"slug\" : \"container-hierarchy\""))
  }

  @Test func hintsAreTheSectionsUnderLevelTwoHeadings() {
    let hints = ExerciseTexts.hints(in: "# Title\nintro\n\n## 1\nfirst\n\n## 2\n\nsecond\nmore\n")
    #expect(hints == ["first", "second\nmore"])
  }
}
