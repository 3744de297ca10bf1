import ChapterTestSupport
import Expectations
import Foundation
import KooberRules
import ObjectTrace
import Testing

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
    expect(errors.count, equals: 1)
    expect(
      errors.first?.hasPrefix(
        "Chapters/04-container-hierarchy/exercise/KooberSignedInDependencyContainer.swift:12:5: "
          + "error: cannot find 'x' in scope\n10 |"), equals: true)
    expect(errors.first?.contains("not yours"), equals: false)
  }

  @Test func aBuildThatFailsElsewhereShowsItsLastLines() {
    let errors = ExerciseBuild.compilerErrors(
      in: "Building…\nerror: no product named 'exercise4'\n", folder: "/w/x", relativeTo: "/w")
    expect(errors, equals: ["Building…\nerror: no product named 'exercise4'"])
  }

  @Test func aTodoIsNotDoneYetNotACrash() {
    let run = Subprocess.Result(
      status: todoExitStatus, output: "",
      errors: "TODO: make the screens (Chapters/04-container-hierarchy/exercise/A.swift:3)\n")
    let result = ExerciseBuild.verdict(of: run, exercise: Self.exercise, reportKey: "k3y")
    expect(result.status, equals: .todo)
    expect(
      result.todo,
      equals: "TODO: make the screens (Chapters/04-container-hierarchy/exercise/A.swift:3)")
  }

  @Test func aCrashShowsTheRuntimesLineInTheLearnersFileAndItsStep() {
    let marker = ExerciseCheck.stepMarker
    let run = Subprocess.Result(
      status: 132,
      output: "\(marker) started launch\n\(marker) finished launch\n\(marker) started sign-up\n",
      errors: "exercise4/KooberSignedInDependencyContainer.swift:38: Fatal error: x\n\n"
        + "the story crashed in step sign-up: the line above says why\n")
    let result = ExerciseBuild.verdict(
      of: run, exercise: Self.exercise, reportKey: "k3y", root: "/w")
    expect(result.status, equals: .fail)
    expect(
      result.problem,
      equals: "the composition crashed in step sign-up: Chapters/04-container-hierarchy/exercise/"
        + "KooberSignedInDependencyContainer.swift:38: Fatal error: x")
    expect(result.finishedSteps, equals: ["launch"])
    expect(result.rules.isEmpty)
  }

  @Test func aCrashWithoutTheRuntimesLineNamesItsSignal() {
    let run = Subprocess.Result(status: 139, output: "", errors: "")
    let result = ExerciseBuild.verdict(of: run, exercise: Self.exercise, reportKey: "k3y")
    expect(
      result.problem,
      equals: "the composition crashed: stopped by signal 11 (SIGSEGV, a bad memory access)")
  }

  @Test func aHangIsStoppedAtTheLimitAndTheStepItWasInIsNamed() throws {
    // A stand-in for an exercise that finishes launch and then never ends sign-up.
    let marker = ExerciseCheck.stepMarker
    let script =
      "printf '\(marker) started launch\\n\(marker) finished launch\\n\(marker) started sign-up\\n'; "
      + "exec sleep 60"
    let started = ContinuousClock.now
    let run = try Subprocess.run(
      ["/bin/sh", "-c", script], in: URL(fileURLWithPath: "/"), limit: 1)
    let waited = ContinuousClock.now - started
    expect(run.status, equals: Subprocess.timedOut)
    expect(waited < .seconds(5))
    let result = ExerciseBuild.verdict(of: run, exercise: Self.exercise, reportKey: "k3y", limit: 1)
    expect(
      result.problem,
      equals: "the story did not finish in 1 s in step sign-up (an endless loop, or a wait that "
        + "never ends?)")
    expect(result.finishedSteps, equals: ["launch"])
  }

  @Test func theMostExactFailureIsReadFirst() {
    let vague = RuleResult(
      id: "signed-in-scope-ends", status: .fail,
      message: "… SignedInViewModel#1 is still alive; held by no stored strong reference; "
        + Trace.noRetentionChain)
    let exact = RuleResult(
      id: "factories-are-stateless", status: .fail,
      message: "… KooberObjectFactories#1 stores `signedInViewModel`")
    let pass = RuleResult(id: "story-completes", status: .pass, message: "ok")
    let result = CheckResult(status: .fail, rules: [vague, pass, exact])
    expect(result.rulesInReadingOrder.map(\.id), equals: [pass.id, exact.id, vague.id])
  }

  /// The key a run's report is under in these tests.
  static let key = "5eed"

  /// What a run prints: `printedBefore` (the learner's lines), then the report under `key`.
  static func output(_ json: String, key: String? = key, printedBefore: String = "") -> String {
    printedBefore + "\n\(ExerciseCheck.reportMarker(key: key))\n" + json
  }

  @Test func aReportIsReadRuleByRuleWhateverTheLearnerPrinted() {
    let report = """
      {"exercise": 4, "rules": [
        {"id": "story-completes", "status": "pass", "message": "ok"},
        {"id": "nothing-leaks", "status": "fail", "message": "the app leaks — A#1"}]}
      """
    let printed = "debugging: here\n{\"not\": \"the report\"}\n"
    let result = ExerciseBuild.verdict(
      of: Subprocess.Result(
        status: 1, output: Self.output(report, printedBefore: printed), errors: ""),
      exercise: Self.exercise, reportKey: Self.key)
    expect(result.status, equals: .fail)
    expect(result.problem == nil)
    expect(result.rules.map(\.id), equals: ["story-completes", "nothing-leaks"])
  }

  @Test func aReportForAnotherExerciseOrNoReportIsNotAPass() {
    let allPass = """
      {"exercise": 5, "rules": [{"id": "story-completes", "status": "pass", "message": "ok"}]}
      """
    let wrongExercise = ExerciseBuild.verdict(
      of: Subprocess.Result(status: 0, output: Self.output(allPass), errors: ""),
      exercise: Self.exercise, reportKey: Self.key)
    expect(wrongExercise.status, equals: .fail)
    expect(wrongExercise.problem?.hasPrefix("the check printed no report"), equals: true)
    let noMarker = ExerciseBuild.verdict(
      of: Subprocess.Result(status: 0, output: allPass, errors: ""), exercise: Self.exercise,
      reportKey: Self.key)
    expect(noMarker.status, equals: .fail)
  }

  /// A passing report the learner's code printed, under no key or another run's, is not the
  /// checker's: the run's own report (here, a failing one) is read, or, without it, none is.
  @Test(arguments: [nil, "other"] as [String?])
  func aReportWithoutTheRunsKeyIsNotTheCheckers(plantedKey: String?) {
    let allPass = """
      {"exercise": 4, "rules": [{"id": "story-completes", "status": "pass", "message": "ok"}]}
      """
    let planted = Self.output(allPass, key: plantedKey)
    let alone = ExerciseBuild.verdict(
      of: Subprocess.Result(status: 0, output: planted, errors: ""), exercise: Self.exercise,
      reportKey: Self.key)
    expect(alone.status, equals: .fail)
    expect(alone.problem?.hasPrefix("the check printed no report"), equals: true)
    let failing = """
      {"exercise": 4, "rules": [{"id": "nothing-leaks", "status": "fail", "message": "A#1"}]}
      """
    let before = ExerciseBuild.verdict(
      of: Subprocess.Result(status: 0, output: planted + Self.output(failing), errors: ""),
      exercise: Self.exercise, reportKey: Self.key)
    expect(before.status, equals: .fail)
    expect(before.rules.map(\.id), equals: ["nothing-leaks"])
    // Printed after the checker's report (from another thread, say), it spoils the report.
    let after = ExerciseBuild.verdict(
      of: Subprocess.Result(status: 0, output: Self.output(failing) + planted, errors: ""),
      exercise: Self.exercise, reportKey: Self.key)
    expect(after.status, equals: .fail)
    expect(after.rules.isEmpty)
  }

  /// The built solution to exercise 4, given a key, prints its report under that key, and the
  /// runner reads it as a pass; the same run read under another key has no report.
  @Test func aSolutionsReportIsReadUnderTheKeyItWasGiven() throws {
    let run = try ExecutableRun(
      "solution4", ["--json"], environment: [ExerciseCheck.reportKeyVariable: "k3y"])
    expect(run.standardOutput.contains("\n\(ExerciseCheck.reportMarker(key: "k3y"))\n"))
    let result = Subprocess.Result(
      status: run.status, output: run.standardOutput, errors: run.standardError)
    let read = ExerciseBuild.verdict(of: result, exercise: Self.exercise, reportKey: "k3y")
    expect(read.status, equals: .pass)
    expect(!read.rules.isEmpty)
    let other = ExerciseBuild.verdict(of: result, exercise: Self.exercise, reportKey: "other")
    expect(other.status, equals: .fail)
    expect(other.rules.isEmpty)
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
    expect(report.score, equals: 1)
    expect(report.maxScore, equals: 2)
    expect(report.status, equals: "fail")
    expect(report.json.contains("\"maxScore\" : 2"))
    expect(report.json.contains("\"status\" : \"todo\""))
    expect(report.json.contains("\"message\" : \"TODO: x (f:1)\""))
    expect(report.json.contains("\"slug\" : \"container-hierarchy\""))
  }

  @Test func hintsAreTheSectionsUnderLevelTwoHeadings() {
    let hints = ExerciseTexts.hints(in: "# Title\nintro\n\n## 1\nfirst\n\n## 2\n\nsecond\nmore\n")
    expect(hints, equals: ["first", "second\nmore"])
  }
}
