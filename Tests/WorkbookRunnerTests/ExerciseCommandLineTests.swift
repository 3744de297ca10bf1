import ChapterTestSupport
import Testing

/// An exercise's own command line, as a learner runs it with `swift run exerciseN`.
@Suite struct ExerciseCommandLineTests {
  @Test func theVerdictsFollowLang() throws {
    let korean = try ExecutableRun("solution4", ["--lang", "ko"], environment: ["LANG": "C"])
    #expect(korean.status == 0)
    #expect(korean.standardOutput.hasPrefix("연습 문제 4: "))
    let english = try ExecutableRun("solution4", ["--lang=en"], environment: ["LANG": "ko_KR"])
    #expect(english.standardOutput.hasPrefix("Exercise 4: "))
  }

  @Test(
    .enabled(
      if: Chapters.exerciseIsStarter(1), "exercise 1 is edited: this reads its starter's TODO"))
  func aTodoFollowsLangToo() throws {
    let run = try ExecutableRun("exercise1", ["--lang", "ko"], environment: ["LANG": "C"])
    #expect(run.status == 3)
    #expect(run.standardError.hasPrefix("TODO: 로그인 후 뷰 모델, 프로필 화면, 로그인 후 화면들을 만드세요"))
  }

  @Test(arguments: [
    ["--lang", "xx"], ["--format", "html"], ["--nope"], ["--step", "sign-out"],
    ["--trace", "--step", "nope"],
  ])
  func aBadCommandLineIsOneErrorLineAndTheUsage(arguments: [String]) throws {
    let run = try ExecutableRun("solution4", arguments)
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("exercise4: error: ") == true)
    #expect(lines.dropFirst(2).first?.hasPrefix("usage: exercise4 [--lang en|ko]") == true)
  }

  /// A check that runs the learner's code to make its rules (exercise 15's map, built alone)
  /// makes them only after the command line is read: `--help` on a starter prints the usage, not
  /// the starter's TODO.
  @Test(
    .enabled(
      if: Chapters.exerciseIsStarter(15), "exercise 15 is edited: this reads its starter"))
  func helpRunsNoneOfTheLearnersCode() throws {
    let run = try ExecutableRun("exercise15", ["--help"])
    #expect(run.status == 0)
    #expect(
      run.standardOutput.hasPrefix(
        """
        usage: exercise15 [--lang en|ko] [--trace [--format text|json|mermaid|dot|facts|\
        timeline|html|svg]]
        """))
    #expect(run.standardError.isEmpty)
  }

  /// Built alone, exercise 15's check has no story: its trace has a step for each thing the check
  /// does, and `--step`, which names a story's steps, is no option of it.
  @Test func aCheckBuiltAloneTracesItsOwnMoments() throws {
    let trace = try ExecutableRun("solution15", ["--trace"])
    #expect(trace.status == 0)
    #expect(trace.standardOutput.contains("story: shown → dragged → closed → bare"))
    let step = try ExecutableRun("solution15", ["--trace", "--step", "sign-out"])
    #expect(step.status == 2)
    #expect(step.standardError.hasPrefix("exercise15: error: unknown option '--step'"))
  }

  /// `--trace --step` prints one step of the learner's trace, as `chapterN --step` does.
  @Test func aTraceOfOneStep() throws {
    let run = try ExecutableRun("solution4", ["--trace", "--step", "sign-out"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("── step 3: sign-out "))
    #expect(!run.standardOutput.contains("── step 2: sign-up "))
    let json = try ExecutableRun("solution4", ["--trace", "--format", "json", "--step", "quit"])
    #expect(json.status == 0)
    #expect(json.standardOutput.contains("\"quit\""))
    #expect(!json.standardOutput.contains("\"sign-in\""))
  }
}
