import ChapterTestSupport
import Foundation
import KooberRules
import ObjectTrace
import Testing
import TracePictures

@testable import WorkbookRunner

/// Exercises 9 and 11 graded end to end: the built tests run against the real code and each
/// broken copy, in their own processes, reporting over the channel.
@Suite struct TestsGradingRunTests {
  static let exercises = Exercise.all.filter(\.gradesTests).map(\.number)

  @Test(.timeLimit(.minutes(2)), arguments: exercises)
  func theSolutionsTestsCatchEveryBug(_ number: Int) throws {
    let exercise = try #require(Exercise.numbered(number))
    let code = try #require(exercise.testedCode)
    let build = ExerciseBuild(workspace: Workspace(root: Chapters.packageRoot))
    let result = try build.checkTests(
      of: exercise, code: code, binary: try ExecutableRun.location(of: exercise.solutionProduct))
    #expect(result.status == .pass)
    #expect(result.rules.map(\.id) == code.ruleIDs)
    #expect(result.rules.allSatisfy { $0.status == .pass })
  }

  @Test(
    .timeLimit(.minutes(2)),
    .enabled(
      if: exercises.allSatisfy(Chapters.exerciseIsStarter),
      "an exercise that grades tests is edited: this runs the starters' tests"),
    arguments: exercises)
  func theStartersTestsStopAtTheirTodo(_ number: Int) throws {
    let exercise = try #require(Exercise.numbered(number))
    let build = ExerciseBuild(workspace: Workspace(root: Chapters.packageRoot))
    let result = try build.checkTests(
      of: exercise, code: try #require(exercise.testedCode),
      binary: try ExecutableRun.location(of: exercise.product))
    #expect(result.status == .todo)
    #expect(result.todo?.hasPrefix("TODO: ") == true)
    #expect(result.rules.isEmpty)
  }
}
