import ChapterTestSupport
import Testing

/// `chapter6 --mistake wrong-scope` is refused at launch by the app's `verify()`, in one line
/// that says what to run to see the mistake played; `--verify off` plays it.
@Suite struct MistakeRefusalTests {
  @Test func theWrongScopeIsRefusedAtLaunchInOneLine() throws {
    let run = try ExecutableRun("chapter6", ["--mistake", "wrong-scope"])
    #expect(run.status == 1)
    #expect(run.standardOutput.isEmpty)
    let lines = run.standardError.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix(
        """
        chapter6: error: verify() refused the registrations at launch: Container#1 (app) caches \
        SignedInViewModel (.container), a signed-in object
        """) == true)
    #expect(lines.first?.hasSuffix("`--verify off` plays the story with them") == true)
  }

  @Test func withoutVerifyingTheMistakeIsPlayed() throws {
    let run = try ExecutableRun("chapter6", ["--mistake", "wrong-scope", "--verify", "off"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("! stale SignedInViewModel#1"))
  }
}
