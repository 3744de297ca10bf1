import ChapterTestSupport
import Foundation
import Testing

/// The workbook's tests are teaching material, read by learners as models: Swift Testing as its
/// authors intend, `#expect` and `#require`, with one dialect in each test target.
@Suite struct TestIdiomTests {
  /// Every Swift file under `Tests/`, by its path from the package root.
  static let testFiles: [String] = {
    let tests = Chapters.packageRoot.appendingPathComponent("Tests")
    var paths: [String] = []
    let walker = FileManager.default.enumerator(atPath: tests.path)
    while let relative = walker?.nextObject() as? String {
      if relative.hasSuffix(".swift") { paths.append("Tests/\(relative)") }
    }
    return paths.sorted()
  }()

  /// The test targets whose tests the lessons and exercise 9 point learners to: the sharing and
  /// scoping of the app's objects. They use the testing library's expectations and nothing else.
  static let teachingTargets = ["KooberKitTests", "ChapterTests", "KooberCloudTests"]

  static func text(of path: String) throws -> String {
    try String(contentsOf: Chapters.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test(arguments: testFiles)
  func everyExpectationIsTheMacro(file: String) throws {
    let lines = try Self.text(of: file).split(separator: "\n", omittingEmptySubsequences: false)
    // A call of a function named `expect`, not the macro: a second spelling of `#expect`. (The
    // name is split so that this line does not match itself.)
    let call = try Regex("(^|[^#\\w.])" + "expect" + "\\(")
    let plain = lines.indices.filter { lines[$0].prefix { $0 != "/" }.contains(call) }
    #expect(plain.isEmpty, "\(file): lines \(plain.map { $0 + 1 }) call a function, not the macro")
  }

  /// An exit test's body takes no capture list: Swift 6.2's `#expect(processExitsWith:)` refuses
  /// one ("Cannot specify a capture clause"), and the tests build with Swift 6.2.
  @Test(arguments: testFiles)
  func exitTestsCaptureNothing(file: String) throws {
    let text = try Self.text(of: file)
    let lines = text.matches(of: /processExitsWith:[^{]*\{\s*\[[^\]]*\]\s*in\b/).map {
      text[..<$0.range.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count
    }
    #expect(lines.isEmpty, "\(file): the exit tests on lines \(lines) have a capture list")
  }

  /// Nothing newer than the Swift the tests need: `weak let` (SE-0481) is Swift 6.3's.
  @Test(arguments: testFiles)
  func noWeakLet(file: String) throws {
    let lines = try Self.text(of: file).split(separator: "\n", omittingEmptySubsequences: false)
    let found = lines.indices.filter { lines[$0].contains(/^\s*weak let\b/) }
    #expect(found.isEmpty, "\(file): lines \(found.map { $0 + 1 }) declare a `weak let`")
  }

  @Test(arguments: teachingTargets)
  func theTestsLearnersReadUseOnlyTheTestingLibrarysExpectations(target: String) throws {
    let files = Self.testFiles.filter { $0.hasPrefix("Tests/\(target)/") }
    try #require(!files.isEmpty)
    var expectations = 0
    for file in files {
      let text = try Self.text(of: file)
      expectations += text.matches(of: /#(expect|require)\(/).count
      #expect(!text.contains("expectMatchesGolden("), "\(file)")
      #expect(!text.contains("XCTAssert"), "\(file)")
    }
    #expect(expectations > 20)
  }

  /// Exercise 9 points to this file as a model of tests on a view model: what a learner copies
  /// from it compiles in the exercise.
  @Test func theModelTestOfExerciseNineUsesTheMacros() throws {
    let text = try Self.text(of: "Tests/KooberKitTests/ViewModelTests.swift")
    #expect(text.matches(of: /#expect\(/).count >= 10)
  }
}
