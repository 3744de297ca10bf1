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
}
