import ChapterTestSupport
import Foundation
import KooberStory
import Testing

/// The chapter executables' command line, run as a learner would type it.
@Suite struct CommandLineTests {
  @Test(arguments: [
    (
      ["--format", "bogus"],
      "invalid value 'bogus' for '--format'; expected one of: text, json, mermaid, dot, facts, "
        + "timeline, html, svg"
    ),
    (["--lang", "fr"], "invalid value 'fr' for '--lang'; expected one of: en, ko"),
    (["--nope"], "unknown option '--nope'"),
    (["--format"], "missing value for '--format'"),
    (["extra"], "unexpected argument 'extra'"),
  ])
  func badInputIsOneLineAndUsageWithStatus2(arguments: [String], message: String) throws {
    let run = try ExecutableRun("chapter1", arguments)
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first.map(String.init) == "chapter1: error: \(message)")
    #expect(
      run.standardError.contains(
        "usage: chapter1 [--format text|json|mermaid|dot|facts|timeline|html|svg] [--step "))
  }

  @Test(arguments: [
    (
      ["--server", "bogus"],
      "invalid value 'bogus' for '--server'; expected one of: fake, dev, prod, local"
    ),
    (
      ["--server", "dev", "--preview", "profile"],
      "'--server' and '--preview' cannot be used together"
    ),
    (
      ["--preview", "profile", "--step", "launch"],
      "'--step' and '--preview' cannot be used together"
    ),
    (["--pause", "--preview", "profile"], "'--pause' and '--preview' cannot be used together"),
    (
      ["--preview", "bogus"],
      "invalid value 'bogus' for '--preview'; expected one of: welcome, sign-in, sign-up, profile"
    ),
  ])
  func chapter5RejectsBadChoicesWithStatus2(arguments: [String], message: String) throws {
    let run = try ExecutableRun("chapter5", arguments)
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError.hasPrefix("chapter5: error: \(message)\n"))
    #expect(run.standardError.contains("usage: chapter5 "))
  }

  @Test func helpPrintsUsageAndSucceeds() throws {
    let run = try ExecutableRun("chapter2", ["--help"])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("usage: chapter2 "))
    #expect(run.standardError.isEmpty)
  }

  @Test func oneStepIsPrintedWithItsNumber() throws {
    let text = try ExecutableRun("chapter3", ["--step", "sign-out"])
    #expect(text.status == 0)
    #expect(text.standardOutput.contains("── step 3: sign-out "))
    #expect(!text.standardOutput.contains("── step 2"))
    #expect(!text.standardOutput.contains("── step 4"))
    #expect(text.standardOutput.contains("! stale UserSession#1"))
    let json = try ExecutableRun("chapter3", ["--step=quit", "--format", "json"])
    let trace = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
    let steps = (trace as? [String: Any])?["steps"] as? [[String: Any]]
    #expect(steps?.map { $0["name"] as? String } == ["quit"])
    let facts = try ExecutableRun("chapter3", ["--step", "launch", "--format", "facts"])
    #expect(
      facts.standardOutput.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("launch ") }
    )
  }

  @Test(arguments: [
    (["--pause"], "'--pause' needs a terminal on standard input"),
    (["--pause", "--step", "quit"], "'--pause' and '--step' cannot be used together"),
    (["--pause", "--format", "json"], "'--pause' works with --format text or facts"),
    (["--pause=yes"], "'--pause' takes no value"),
    (["--pause", "--pause"], "'--pause' is given more than once"),
  ])
  func pauseNeedsATerminalAndAFormatOfSteps(arguments: [String], message: String) throws {
    let run = try ExecutableRun("chapter4", arguments)  // standard input is not a terminal here
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError.hasPrefix("chapter4: error: \(message)\n\nusage: chapter4 "))
  }

  @Test func equalsFormIsAccepted() throws {
    let run = try ExecutableRun("chapter3", ["--format=json"])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("{"))
  }

  // MARK: - The parser itself

  private let options = CommandLineOptions(
    command: "demo", summary: "A demo.",
    options: [
      ValueOption(name: "format", values: ["text", "json"], defaultValue: "text", help: "format"),
      ValueOption(name: "preview", values: ["profile"], defaultValue: nil, help: "preview"),
    ])

  @Test func defaultsApplyWhenOptionsAreLeftOut() throws {
    let parsed = try options.parse([])
    #expect(parsed["format"] == "text")
    #expect(parsed["preview"] == nil)
    #expect(!parsed.wantsHelp)
  }

  @Test func bothFormsAreReadAndHelpWinsWhereverItStands() throws {
    let parsed = try options.parse(["--format", "json", "--preview=profile"])
    #expect(parsed["format"] == "json")
    #expect(parsed["preview"] == "profile")
    #expect(try options.parse(["--nope", "x", "-h"]).wantsHelp)
    #expect(try options.parse(["--help", "--format", "bogus"]).wantsHelp)
    #expect(throws: UsageError.self) { try options.parse(["--", "--help"]) }
  }

  @Test func aRepeatedOptionIsAnError() {
    #expect(throws: UsageError(description: "'--format' is given more than once")) {
      try options.parse(["--format", "json", "--format=text"])
    }
  }

  @Test func doubleDashEndsTheOptions() throws {
    #expect(try options.parse(["--format", "json", "--"])["format"] == "json")
    #expect(throws: UsageError(description: "unexpected argument '--format'")) {
      try options.parse(["--", "--format"])
    }
  }

  @Test(arguments: [
    ("a\nb", "'a\\nb'"), ("\u{1B}[31m", "'\\u{1b}[31m'"), ("tab\there", "'tab\\there'"),
    (String(repeating: "x", count: 100), "'" + String(repeating: "x", count: 40) + "…'"),
    ("\u{202E}evil", "'\\u{202e}evil'"),
  ])
  func valuesAreEscapedAndCutInMessages(value: String, quoted: String) {
    #expect(UsageError.quoted(value) == quoted)
  }

  @Test func anOptionNameIsNotTakenAsAValue() {
    #expect(throws: UsageError(description: "missing value for '--format'")) {
      try options.parse(["--format", "--preview", "profile"])
    }
  }

  @Test func exclusiveOptionsCannotBeGivenTogetherButEitherAlone() throws {
    let exclusive = CommandLineOptions(
      command: "demo", summary: "A demo.", options: options.options,
      exclusive: [["format", "preview"]])
    #expect(throws: UsageError(description: "'--format' and '--preview' cannot be used together")) {
      try exclusive.parse(["--preview", "profile", "--format", "json"])
    }
    #expect(try exclusive.parse(["--preview", "profile"])["format"] == "text")
    #expect(try exclusive.parse(["--format", "json"])["preview"] == nil)
  }

  @Test func usageListsEveryOptionAndItsValues() {
    #expect(options.usage.hasPrefix("usage: demo [--format text|json] [--preview profile]\n"))
    #expect(options.usage.contains("(default: text)"))
  }
}
