import ChapterTestSupport
import Foundation
import Testing

/// The lifetimes lesson's app (`Chapters/testing/lifetimes`) is a package of its own that uses
/// ObjectTraceTesting by path, as a learner's app does. The lessons quote it: its Swift excerpts
/// are pieces of its files, and its `swift test` fails twice with the lines the lessons print.
@Suite struct LifetimesLessonTests {
  static let lesson = Chapters.packageRoot.appendingPathComponent("Chapters/testing/lifetimes")

  /// The lessons that quote its failures: its own, and the page on using the tracer on your own
  /// code, which quotes the first one.
  static let readmes = ["README.md", "README.ko.md"]

  /// The lesson package's `swift test`, run once for the suite, as a learner's package builds:
  /// warnings are not errors there (`KOOBER_WARNINGS_AS_ERRORS` empty).
  static let run = Result {
    try ExecutableRun(
      command: ["swift", "test", "--package-path", lesson.path],
      environment: ["KOOBER_WARNINGS_AS_ERRORS": ""])
  }

  /// Every line the run printed, standard output then standard error.
  static func printedLines() throws -> [String] {
    let run = try Self.run.get()
    return (run.standardOutput + "\n" + run.standardError).components(separatedBy: "\n")
  }

  /// The printed lines the lessons quote: each issue's `✘` line, and any path line under it.
  static func quotedLines() throws -> [String] {
    try printedLines().filter { $0.contains(/^(✘ .* recorded an issue|↳ [A-Z][A-Za-z]+#[0-9])/) }
  }

  @Test(arguments: readmes)
  func everySwiftExcerptIsAPieceOfThePackage(_ readme: String) throws {
    let manager = FileManager.default
    let sources = ["Sources", "Tests"].flatMap { folder in
      (manager.subpaths(atPath: Self.lesson.appendingPathComponent(folder).path) ?? [])
        .filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }
    }
    let files = try (["Package.swift"] + sources).map { path in
      try String(contentsOf: Self.lesson.appendingPathComponent(path), encoding: .utf8)
    }
    let text = try String(
      contentsOf: Self.lesson.appendingPathComponent(readme), encoding: .utf8)
    let blocks = text.matches(of: /```swift\n((?s).*?)```/).map { String($0.output.1) }
    #expect(blocks.count >= 3)
    for block in blocks {
      #expect(files.contains { $0.contains(block) }, "not in the package:\n\(block)")
    }
  }

  @Test(.enabled(if: SlowTests.wanted, SlowTests.howToRun), .timeLimit(.minutes(10)))
  func itsTwoTestsFailAsTheLessonSays() throws {
    let run = try Self.run.get()
    let lines = try Self.printedLines()
    #expect(run.status != 0)
    #expect(
      lines.contains { $0.hasPrefix("✘ Test run with 2 tests in 1 suite failed") },
      "the package did not build, or its tests did not run:\n\(run.standardError)")
    #expect(lines.filter { $0.contains(/^✘ Test .* recorded an issue/) }.count == 2)
  }

  @Test(
    .enabled(if: SlowTests.wanted, SlowTests.howToRun), .timeLimit(.minutes(10)),
    arguments: readmes)
  func theLessonQuotesEveryLineVerbatim(_ readme: String) throws {
    let text = try String(
      contentsOf: Self.lesson.appendingPathComponent(readme), encoding: .utf8)
    let lessonLines = Set(text.components(separatedBy: "\n"))
    let quoted = try Self.quotedLines()
    #expect(quoted.count == 2)
    for line in quoted {
      #expect(lessonLines.contains(line), "\(readme) lacks the printed line: \(line)")
    }
  }

  @Test(
    .enabled(if: SlowTests.wanted, SlowTests.howToRun), .timeLimit(.minutes(10)),
    arguments: readmes)
  func yourOwnCodeQuotesTheFirstFailure(_ readme: String) throws {
    let path = "Chapters/your-own-code/\(readme)"
    let text = try String(
      contentsOf: Chapters.packageRoot.appendingPathComponent(path), encoding: .utf8)
    let lessonLines = Set(text.components(separatedBy: "\n"))
    let first = try Self.quotedLines().filter {
      $0.contains("signingOutReleasesTheSession() recorded") || $0.hasPrefix("↳ ReaderSession#")
    }
    #expect(first.count == 1)
    for line in first {
      #expect(lessonLines.contains(line), "\(path) lacks the printed line: \(line)")
    }
  }
}
