import ChapterTestSupport
import Foundation
import KooberStory
import Testing

/// Every chapter's DOT output, and a preview's, is valid Graphviz: `dot -Tsvg` draws each. The
/// tests run where `dot` is on the `PATH`; with `KOOBER_DOT_TESTS=1` (CI sets it) a missing `dot`
/// fails them instead of leaving them out.
@Suite(
  .enabled(
    if: Graphviz.dot != nil || Graphviz.wanted,
    "needs Graphviz's dot on the PATH (or KOOBER_DOT_TESTS=1, which CI sets)"))
struct GraphvizTests {
  /// Each chapter's `--format dot`, and chapter 5's profile preview.
  static let commands: [[String]] =
    ChapterCatalog.numbers.map { ["chapter\($0)", "--format", "dot"] }
    + [["chapter5", "--preview", "profile", "--format", "dot"]]

  @Test(arguments: commands)
  func dotDrawsIt(_ command: [String]) throws {
    let dot = try #require(Graphviz.dot, "Graphviz's dot is not on the PATH: install graphviz")
    let run = try ExecutableRun(command[0], Array(command.dropFirst()))
    try #require(run.status == 0, "\(command.joined(separator: " ")): \(run.standardError)")
    #expect(run.standardOutput.hasPrefix("digraph"))
    // A file of this test's own, in a folder of its own, removed after.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("koober-graphviz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("graph.dot")
    try run.standardOutput.write(to: input, atomically: true, encoding: .utf8)
    let drawn = try ExecutableRun(
      command: [
        dot.path, "-Tsvg", input.path, "-o", folder.appendingPathComponent("graph.svg").path,
      ])
    #expect(
      drawn.status == 0, "dot refuses \(command.joined(separator: " ")): \(drawn.standardError)")
  }
}

/// Graphviz on this machine, for ``GraphvizTests``.
enum Graphviz {
  /// Where `dot` is, found on the `PATH` as a shell finds it.
  static let dot = ExecutableRun.onThePath("dot")

  /// Whether the tests were asked for, so that a missing `dot` fails them.
  static var wanted: Bool { ProcessInfo.processInfo.environment["KOOBER_DOT_TESTS"] == "1" }
}
