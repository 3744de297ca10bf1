import ChapterTestSupport
import Foundation
import KooberRules
import Testing

@testable import WorkbookRunner

/// The starter is generated from the solution: regions replaced, everything else kept.
@Suite struct StarterGeneratorTests {
  static let solution = """
    import KooberKit

    final class Container {
      // exercise: begin
      let kept = 1
      func make() -> Int { kept }
      // exercise: starter
      // func make() -> Int {
      //   todo("make it")
      // }
      // exercise: end
    }

    """

  @Test func aRegionBecomesItsStarterLines() throws {
    let starter = try StarterGenerator.starter(from: Self.solution)
    #expect(
      starter == """
        import KooberKit

        final class Container {
          func make() -> Int {
            todo("make it")
          }
        }

        """)
  }

  @Test func theSolutionViewDropsMarkersAndStarterLines() {
    let solution = StarterGenerator.solution(from: Self.solution)
    #expect(!solution.contains("exercise:"))
    #expect(!solution.contains("todo"))
    #expect(solution.contains("  let kept = 1\n  func make() -> Int { kept }\n}"))
  }

  @Test func theChapterFileDropsTheExercisesHeaderAndItsImport() {
    let marked = """
      // Exercise 9 — your file. Write make().
      // Check it with `swift run workbook check 9`.
      import KooberKit
      import KooberRules


      """ + Self.solution.dropFirst("import KooberKit\n\n".count)
    #expect(
      StarterGenerator.chapterFile(from: marked) == StarterGenerator.solution(from: Self.solution))
  }

  /// What `workbook dev check` proves in CI, run here too: each exercise's marked file that its
  /// chapter also has is, once solved, byte for byte the chapter's file.
  @Test(arguments: Exercise.all.filter { $0.chapterSources != nil }.map(\.number))
  func everyMarkedSolutionIsItsChaptersFileOnceSolved(number: Int) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let exercise = try #require(Exercise.numbered(number))
    let cut = try Workspace(root: root).solutionFilesCutFromChapter(of: exercise)
    #expect(!cut.isEmpty)
    #expect(cut.filter { !$0.value }.keys.sorted() == [], "\(exercise.solutionFolder)")
  }

  @Test(arguments: [
    "// exercise: end\n",
    "// exercise: begin\n// exercise: begin\n",
    "// exercise: begin\nlet a = 1\n",
    "// exercise: begin\n// exercise: starter\nlet uncommented = 1\n// exercise: end\n",
  ])
  func unpairedMarkersAreRefused(text: String) {
    #expect(throws: StarterGenerator.MarkerError.self) {
      try StarterGenerator.starter(from: text)
    }
  }

  /// A starter file that is a chapter's own file, linked from the solution, says so in its first
  /// lines, so that a learner knows to leave it; the learner's own file and a bug hunt's files
  /// do not (a bug hunt must not say where its bug is not).
  @Test func aChaptersOwnFileSaysWhereItComesFrom() throws {
    let workspace = Workspace(root: Chapters.packageRoot)
    let exercise13 = try #require(Exercise.numbered(13))
    let starter = try workspace.starterFiles(of: exercise13)
    #expect(
      starter["Container.swift"]?.hasPrefix(
        """
        // A copy of Sources/Chapter6RuntimeContainer/Container.swift, the chapter's own file:
        // `workbook reset` writes it, and you do not edit it.
        import ObjectTrace

        """) == true)
    #expect(starter["KooberPickMeUpAssembly.swift"]?.hasPrefix("// A copy of") == false)
    let bugHunt = try #require(Exercise.numbered(6))
    #expect(
      try workspace.starterFiles(of: bugHunt).values.allSatisfy { !$0.hasPrefix("// A copy of") })
  }
}
