import ChapterTestSupport
import Foundation
import KooberStory
import Testing

/// The chapter executables' command line, run as a learner would type it.
@Suite struct CommandLineTests {
  @Test(arguments: [
    (
      ["--format", "bogus"],
      """
      invalid value 'bogus' for '--format'; expected one of: text, json, mermaid, dot, facts, \
      timeline, html, svg
      """
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
}
