import Foundation
import Testing

@testable import WorkbookRunner

/// `LineDiff`: what `solution N` shows after a pass, the solution against the learner's file.
@Suite struct LineDiffTests {
  /// The lines of `text`, one per character: short texts whose diffs are read by eye.
  func text(_ letters: String) -> String { letters.map { "\($0)\n" }.joined() }

  @Test func theSameTextsHaveNoDifference() {
    #expect(
      LineDiff.unified(from: text("abc"), to: text("abc"), oldName: "a", newName: "b") == "")
    #expect(LineDiff.lines(from: "", to: "") == [])
  }

  @Test func oneChangedLineComesWithThreeLinesAroundIt() {
    let diff = LineDiff.unified(
      from: text("abcdefghij"), to: text("abcdeXghij"), oldName: "yours", newName: "solution")
    #expect(
      diff == """
        --- yours
        +++ solution
        @@ -3,7 +3,7 @@
         c
         d
         e
        -f
        +X
         g
         h
         i

        """)
  }

  @Test func changesFarApartGetAHunkEachAndCloseOnesShareOne() {
    let far = LineDiff.unified(
      from: text("abcdefghijklmn"), to: text("XbcdefghijklmY"), oldName: "a", newName: "b")
    #expect(
      far == """
        --- a
        +++ b
        @@ -1,4 +1,4 @@
        -a
        +X
         b
         c
         d
        @@ -11,4 +11,4 @@
         k
         l
         m
        -n
        +Y

        """)
    // Six kept lines between two changes: one hunk, as `diff -u` makes it.
    let close = LineDiff.unified(
      from: text("abcdefgh"), to: text("XbcdefgY"), oldName: "a", newName: "b")
    #expect(close.components(separatedBy: "@@ -").count == 2)
    #expect(close.contains("@@ -1,8 +1,8 @@\n-a\n+X\n b\n"))
  }

  /// As GNU diff and git write it; Apple's `diff` writes `-1,0` where GNU's writes `-0,0`.
  @Test func anEmptySideIsNumberedByTheLineBeforeIt() {
    #expect(
      LineDiff.unified(from: "", to: text("ab"), oldName: "a", newName: "b")
        == "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+a\n+b\n")
    #expect(
      LineDiff.unified(from: text("ab"), to: "", oldName: "a", newName: "b")
        == "--- a\n+++ b\n@@ -1,2 +0,0 @@\n-a\n-b\n")
  }

  @Test func aLastLineWithoutNewlineIsStillALine() {
    #expect(LineDiff.lines(from: "a\nb", to: "a\nb\n") == [.kept("a"), .kept("b")])
  }

  @Test func windowsLineEndingsSplitLinesToo() {
    #expect(
      LineDiff.lines(from: "a\r\nb\r\nc\r\n", to: "a\nX\nc\n") == [
        .kept("a"), .removed("b"), .added("X"), .kept("c"),
      ])
  }

  @Test func aOneLineSideIsWrittenWithoutItsCount() {
    #expect(
      LineDiff.unified(from: "a\n", to: "b\n", oldName: "a", newName: "b")
        == "--- a\n+++ b\n@@ -1 +1 @@\n-a\n+b\n")
  }

  /// Whether `/usr/bin/diff` is GNU's, whose hunks `LineDiff` writes (macOS's is Apple's own).
  static let gnuDiffIsInstalled: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
    process.arguments = ["--version"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard let ending = try? process.start() else { return false }
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    ending.wait()
    return printed.contains("GNU diffutils")
  }()

  /// The hunks are GNU `diff -u`'s, where this machine has it: compared for texts whose shortest
  /// edit is unique (so either tool must find the same one).
  @Test(
    .enabled(if: gnuDiffIsInstalled, "/usr/bin/diff is not GNU diff"),
    arguments: [
      ("abcdefghij", "abcdeXghij"), ("abcdefghijklmn", "XbcdefghijklmY"), ("abcdefgh", "XbcdefgY"),
      ("", "ab"), ("ab", ""), ("a", "b"), ("abcdefghijklmnopq", "abcdefghijklmnopqrs"),
    ])
  func theHunksAreDiffUs(old: String, new: String) throws {
    let diff = URL(fileURLWithPath: "/usr/bin/diff")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "line-diff-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try text(old).write(to: folder.appendingPathComponent("old"), atomically: true, encoding: .utf8)
    try text(new).write(to: folder.appendingPathComponent("new"), atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = diff
    process.arguments = ["-u", "--label", "old", "--label", "new", "old", "new"]
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    let ending = try process.start()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    ending.wait()
    #expect(
      LineDiff.unified(from: text(old), to: text(new), oldName: "old", newName: "new") == printed)
  }

  /// The kept and removed lines are the old text, the kept and added the new one, and the kept
  /// lines are a longest common subsequence (four lines for this classic pair).
  @Test(arguments: [
    ("abcabba", "cbabac", 4),
    ("", "abc", 0),
    ("xaxbxc", "abc", 3),
    ("abcdef", "fedcba", 1),
  ])
  func theLinesRebuildBothTextsAndKeepAsManyAsPossible(old: String, new: String, kept: Int) {
    let lines = LineDiff.lines(from: text(old), to: text(new))
    let oldLines = lines.compactMap { line -> String? in
      switch line {
      case .kept(let text), .removed(let text): text
      case .added: nil
      }
    }
    let newLines = lines.compactMap { line -> String? in
      switch line {
      case .kept(let text), .added(let text): text
      case .removed: nil
      }
    }
    #expect(oldLines.joined() == old)
    #expect(newLines.joined() == new)
    #expect(lines.filter { if case .kept = $0 { true } else { false } }.count == kept)
  }

  @Test func aMiddleTooLargeForTheTableIsRemovedThenAdded() {
    let old = (0..<2_100).map { "old \($0)\n" }.joined()
    let new = (0..<2_100).map { "new \($0)\n" }.joined()
    let lines = LineDiff.lines(from: "same\n" + old, to: "same\n" + new)
    #expect(lines.count == 1 + 4_200)
    #expect(lines.first == .kept("same"))
    #expect(lines[1] == .removed("old 0"))
    #expect(lines[2_101] == .added("new 0"))
  }
}
