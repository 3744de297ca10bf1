import KooberRules
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
    #expect(errors.count == 1)
    #expect(
      errors.first?.hasPrefix(
        "Chapters/04-container-hierarchy/exercise/KooberSignedInDependencyContainer.swift:12:5: "
          + "error: cannot find 'x' in scope\n10 |") == true)
    #expect(errors.first?.contains("not yours") == false)
  }

  @Test func aBuildThatFailsElsewhereShowsItsLastLines() {
    let errors = ExerciseBuild.compilerErrors(
      in: "Building…\nerror: no product named 'exercise4'\n", folder: "/w/x", relativeTo: "/w")
    #expect(errors == ["Building…\nerror: no product named 'exercise4'"])
  }

  @Test func aTodoIsNotDoneYetNotACrash() {
    let run = Subprocess.Result(
      status: todoExitStatus, output: "",
      errors: "TODO: make the screens (Chapters/04-container-hierarchy/exercise/A.swift:3)\n")
    let result = ExerciseBuild.verdict(of: run, exercise: Self.exercise)
    #expect(result.status == .todo)
    #expect(
      result.todo == "TODO: make the screens (Chapters/04-container-hierarchy/exercise/A.swift:3)")
  }

  @Test func aCrashIsAFailureThatSaysSo() {
    let run = Subprocess.Result(
      status: 132, output: "", errors: "Fatal error: Unexpectedly found nil\nbacktrace…\n")
    let result = ExerciseBuild.verdict(of: run, exercise: Self.exercise)
    #expect(result.status == .fail)
    #expect(result.problem == "the composition crashed (status 132): backtrace…")
  }

  static func output(_ json: String, printedBefore: String = "") -> String {
    printedBefore + "\n\(ExerciseCheck.reportMarker)\n" + json
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
      exercise: Self.exercise)
    #expect(result.status == .fail)
    #expect(result.problem == nil)
    #expect(result.rules.map(\.id) == ["story-completes", "nothing-leaks"])
  }

  @Test func aReportForAnotherExerciseOrNoReportIsNotAPass() {
    let allPass = """
      {"exercise": 5, "rules": [{"id": "story-completes", "status": "pass", "message": "ok"}]}
      """
    let wrongExercise = ExerciseBuild.verdict(
      of: Subprocess.Result(status: 0, output: Self.output(allPass), errors: ""),
      exercise: Self.exercise)
    #expect(wrongExercise.status == .fail)
    #expect(wrongExercise.problem?.hasPrefix("the check printed no report") == true)
    let noMarker = ExerciseBuild.verdict(
      of: Subprocess.Result(status: 0, output: allPass, errors: ""), exercise: Self.exercise)
    #expect(noMarker.status == .fail)
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
    #expect(report.status == "fail")
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
