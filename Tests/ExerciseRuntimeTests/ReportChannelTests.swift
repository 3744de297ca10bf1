import Foundation
import KooberStory
import Testing

@testable import ExerciseRuntime

/// The exercise's side of its channel to `workbook check`.
@Suite struct ReportChannelTests {
  /// A rule id travels typed and is a plain string in the report's JSON.
  @Test func aRuleIDIsAStringInTheJSON() throws {
    let result = RuleResult(id: "nothing-leaks", status: .pass, message: "m")
    let line = ExerciseEvent.report(.init(exercise: 4, rules: [result])).line
    #expect(line.contains(#""id":"nothing-leaks""#))
    #expect(ExerciseEvent(line: line) == .report(.init(exercise: 4, rules: [result])))
  }

  /// A step travels typed through the check and becomes its name once, on the channel's line;
  /// a line with a step the story has not is no event of ours.
  @Test func aStepIsItsNameOnTheChannel() {
    let line = ExerciseEvent.started(step: .pickMeUp).line
    #expect(line == #"{"event":"started","step":"pick-me-up"}"# + "\n")
    #expect(ExerciseEvent(line: line) == .started(step: .pickMeUp))
    #expect(ExerciseEvent(line: #"{"event":"started","step":"pickMeUp"}"#) == nil)
    #expect(ExerciseEvent(line: #"{"event":"crashed"}"#) == .crashed(step: nil))
  }

  /// The learner's code runs after the channel opens and never finds the channel's name in the
  /// environment: `open()` takes the variable out.
  @Test func openingTheChannelTakesItsNameOutOfTheEnvironment() async {
    await #expect(processExitsWith: .success) {
      let channel = FileManager.default.temporaryDirectory.appendingPathComponent(
        "workbook-unset-\(getpid()).jsonl")
      try? Data().write(to: channel)
      setenv(ReportChannel.variable, channel.path, 1)
      let opened = ReportChannel.open()
      let left = getenv(ReportChannel.variable)
      try? FileManager.default.removeItem(at: channel)
      if !opened || left != nil { exit(1) }
    }
  }
}
