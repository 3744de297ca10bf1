import Chapter5ProtocolDI
import Chapter6RuntimeContainer
import ChapterTestSupport
import CommandLineKit
import Foundation
import KooberStory
import Testing

/// Every executable refuses every bad command line the same way: exit status 2, nothing on
/// standard output, exactly one error line (escaped, cut), then the usage. The whole table runs
/// through the chapters' parser in process; each executable is started with a sample of it.
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

  /// One vector of each kind, for starting every executable: unknown, extra, bad value, empty
  /// value, after `--`, a control character, 100,000 characters, an option only chapter 5
  /// knows, two options chapter 5 takes only one at a time, a bad vector after a good option, a
  /// repeated option.
  static let sample: [[String]] = [
    ["--nope"], ["extra"], ["--format", "bogus"], ["--format="], ["--", "x"],
    ["--format", "a\nb"], ["--format", String(repeating: "x", count: 100_000)],
    ["--server", "bogus"], ["--server", "dev", "--preview", "profile"],
    ["--format", "json", "--nope"], ["--format=json", "--format=json"],
  ]

  /// The command line chapter `chapter` parses, built as its `main` builds it.
  @MainActor static func commandLine(chapter: Int) -> CommandLineOptions {
    let extra = Chapters.extraCommandLine(chapter)
    return ChapterCommand.commandLine(
      command: "chapter\(chapter)", summary: "Plays the story.", extraOptions: extra.options,
      exclusive: extra.exclusive)
  }

  /// What chapter `chapter` writes on standard error for `arguments`; `nil` if they are accepted.
  @MainActor static func refusal(of arguments: [String], chapter: Int) -> String? {
    let commandLine = commandLine(chapter: chapter)
    do {
      _ = try commandLine.parse(arguments)
      return nil
    } catch {
      return ChapterCommand.usageErrorText(error, commandLine: commandLine)
    }
  }

  static func describe(_ arguments: [String]) -> String {
    arguments.map { String($0.prefix(20)).debugDescription }.joined(separator: " ")
  }

  /// The whole table, in process, on every chapter's command line (chapters 1-4 share one;
  /// chapter 5 adds `--server` and `--preview`, chapter 6 `--mistake`): every vector is refused
  /// with one error line (escaped, cut), an empty line, then the usage.
  @Test(arguments: Chapters.numbers)
  @MainActor func everyBadVectorIsRefusedWithOneLineThenUsage(chapter: Int) {
    #expect(Self.vectors.count >= 110)
    for arguments in Self.vectors {
      let described = Self.describe(arguments)
      guard let text = Self.refusal(of: arguments, chapter: chapter) else {
        Issue.record("\(described) was accepted")
        continue
      }
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.first?.hasPrefix("chapter\(chapter): error: ") == true, "\(described)")
      #expect((lines.first?.count ?? 0) < 200, "\(described)")
      #expect(lines.count > 2 && lines[1].isEmpty, "\(described): one error line, then usage")
      #expect(lines.dropFirst(2).first?.hasPrefix("usage: chapter\(chapter) ") == true)
    }
  }

  /// Every executable, started with one vector of each kind, exits with status 2, prints
  /// nothing on standard output, and writes the refusal the table above checks: its `main`
  /// wires the same parser and the same text, so the whole table holds for each of them.
  @Test(arguments: Chapters.numbers)
  func everyExecutableRefusesWithStatus2AndTheParsersText(chapter: Int) async throws {
    for arguments in Self.sample {
      let described = Self.describe(arguments)
      let run = try ExecutableRun("chapter\(chapter)", arguments)
      #expect(run.status == 2, "\(described)")
      #expect(run.standardOutput.isEmpty, "\(described)")
      #expect(!run.standardError.contains("Fatal error"))
      let expected = try #require(await Self.refusal(of: arguments, chapter: chapter))
      let firstLine = String(expected.prefix { $0 != "\n" })
      #expect(
        run.standardError.hasPrefix(firstLine + "\n\nusage: chapter\(chapter) "),
        "\(described): the table's error line, then the usage")
      // The same options as the command line the table parses: its `main` adds none of its own.
      #expect(Self.optionsPart(of: run.standardError) == Self.optionsPart(of: expected))
    }
  }

  /// The synopsis line and the option list of a usage text: all of it but the summary.
  static func optionsPart(of text: String) -> [Substring] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let synopsis = lines.filter { $0.hasPrefix("usage: ") }
    return synopsis + lines.drop { $0 != "options:" }
  }

  @Test(arguments: Chapters.numbers)
  func helpWinsWhereverItStands(chapter: Int) throws {
    for arguments in [["--nope", "--help"], ["--format", "bogus", "-h"], ["-h", "extra"]] {
      let run = try ExecutableRun("chapter\(chapter)", arguments)
      #expect(run.status == 0)
      #expect(run.standardOutput.hasPrefix("usage: chapter\(chapter) "))
      #expect(run.standardOutput.contains("--format=json"))
    }
  }
}
