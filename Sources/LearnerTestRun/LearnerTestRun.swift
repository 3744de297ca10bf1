import Bilingual
import Chapter7AmbientDependencies
import ExerciseRuntime
import TestWritingExercises
import Testing

/// Runs the learner's Swift Testing tests of a test-writing exercise (9, 11 or 16) against
/// `code`, or against the copy with the bug `--bug` names, and ends the process with the testing
/// library's status: all an exercise's `main.swift` does.
///
/// This is the workbook's one call into Swift Testing's own entry point,
/// `__swiftPMEntryPoint(passing:)`, which swift-testing marks as "used by Swift Package Manager.
/// Do not call it directly" (`Sources/Testing/ABI/EntryPoints/SwiftPMEntryPoint.swift`): a
/// program that is not a test bundle has no other way at Swift 6.2 and 6.3 to run the tests it
/// contains and get their events. When the entry point changes, this function is what changes.
@MainActor public func runLearnerTests(_ code: CodeUnderTest) async -> Never {
  let events = TestRunCommand.prepare(code)
  var arguments = __CommandLineArguments_v0()
  if let events {
    arguments.eventStreamOutputPath = events
    #if compiler(>=6.3)  // `eventStreamSchemaVersion` came with Swift 6.3
      arguments.eventStreamSchemaVersion = "0"
    #else
      arguments.eventStreamVersion = 0
    #endif
  }
  // Exercise 16: a test that begins the signed-in scope in the values every test shares fails.
  // Recorded as an error, so that the testing library's line and the grader show its text (an
  // issue with only a comment reads "Issue recorded").
  SignedInScope.beganInTheProcessValues = {
    Issue.record(SharedValuesProblem(text: sharedValuesIssue.text(in: WorkbookLanguage.current)))
  }
  let status = await code.planting(TestRunCommand.plantedBug) { [arguments] () async -> CInt in
    await __swiftPMEntryPoint(passing: arguments)
  }
  TestRunCommand.finish(code, status: status)
}

/// What a test that began chapter 7's signed-in scope in the process's own values did wrong.
struct SharedValuesProblem: Error, CustomStringConvertible {
  let text: String
  var description: String { text }
}

/// The issue a test gets when it begins chapter 7's signed-in scope in the process's own values.
let sharedValuesIssue = Localized(
  en: "SignedInScope.begin(session:) ran in the process's own live values, which every test "
    + "shares: give this test values of its own with the .dependencies { … } trait",
  ko: "SignedInScope.begin(session:)이 모든 테스트가 함께 쓰는 프로세스의 라이브 값에서 실행되었다: "
    + ".dependencies { … } 트레이트로 이 테스트에 자기 값을 주어야 한다")
