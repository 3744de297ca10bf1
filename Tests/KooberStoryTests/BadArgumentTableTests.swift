import Foundation
import Testing

/// Every executable refuses every bad command line the same way: exit status 2, nothing on
/// standard output, exactly one error line (escaped, cut), then the usage.
@Suite struct BadArgumentTableTests {
  /// Bad on their own, for every chapter.
  static let badAlone: [[String]] = [
    ["--nope"], ["-x"], ["-"], ["extra"], [""], [" "], ["--format"], ["--format", "bogus"],
    ["--format="], ["--format=bogus"], ["--format", "--format"], ["--FORMAT", "json"],
    ["--format", "JSON"], ["--format", " json"], ["--format", "json "], ["--", "x"],
    ["--", "--format", "json"], ["--=json"], ["---format", "json"], ["--format==json"],
    ["--format", ""], ["--fórmat", "json"], ["—format", "json"], ["--format", "텍스트"],
    ["--format", "a\nb"], ["--format", "\u{1B}[2J"], ["\u{7}"], ["--nope\nline2"],
    ["--format", "\r"], ["--format", "\u{202E}txet"],
    ["--format", String(repeating: "x", count: 100_000)],
    [String(repeating: "-", count: 5_000)], ["--server", "bogus"], ["--preview"],
    ["--preview", "nowhere"], ["--server", "dev", "--preview", "profile"],
    ["--server=fake", "--server=fake"], ["--preview=profile", "--preview=profile"],
  ]

  /// Every bad vector alone, after a good option, before a good option, and repeated: 110+.
  static let vectors: [[String]] =
    badAlone
    + badAlone.map { ["--format", "json"] + $0 }
    + badAlone.map { $0 + ["--format=text"] }
    + [["--format", "json", "--format", "text"], ["--format=json", "--format=json"]]

  /// The vectors each executable gets. Every chapter parses through the same `ChapterCommand`, so
  /// chapter 1 gets the whole table and chapter 5 too (it alone adds `--server` and `--preview`);
  /// chapters 2-4 get every bad vector once, which proves their `main` wires the same parser
  /// without starting 350 more processes (each one is slow under the sanitizers).
  static func vectors(for chapter: Int) -> [[String]] {
    [1, 5].contains(chapter) ? vectors : badAlone
  }

  @Test(arguments: [1, 2, 3, 4, 5])
  func everyBadVectorIsOneLineUsageAndStatus2(chapter: Int) throws {
    #expect(Self.vectors(for: chapter).count >= 38)
    for arguments in Self.vectors(for: chapter) {
      let run = try ExecutableRun("chapter\(chapter)", arguments)
      let described = arguments.map { String($0.prefix(20)).debugDescription }.joined(
        separator: " ")
      #expect(run.status == 2, "\(described)")
      #expect(run.standardOutput.isEmpty, "\(described)")
      let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.first?.hasPrefix("chapter\(chapter): error: ") == true, "\(described)")
      #expect((lines.first?.count ?? 0) < 200, "\(described)")
      #expect(lines.count > 2 && lines[1].isEmpty, "\(described): one error line, then usage")
      #expect(lines.dropFirst(2).first?.hasPrefix("usage: chapter\(chapter) ") == true)
      #expect(!run.standardError.contains("Fatal error"))
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5])
  func helpWinsWhereverItStands(chapter: Int) throws {
    for arguments in [["--nope", "--help"], ["--format", "bogus", "-h"], ["-h", "extra"]] {
      let run = try ExecutableRun("chapter\(chapter)", arguments)
      #expect(run.status == 0)
      #expect(run.standardOutput.hasPrefix("usage: chapter\(chapter) "))
      #expect(run.standardOutput.contains("--format=json"))
    }
  }
}
