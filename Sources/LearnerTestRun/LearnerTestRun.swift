import TestWritingExercises
import Testing

/// Runs the learner's Swift Testing tests of a test-writing exercise (9 or 11) against `code`, or
/// against the copy with the bug `--bug` names, and ends the process with the testing library's
/// status: all an exercise's `main.swift` does.
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
  let status = await code.planting(TestRunCommand.plantedBug) { [arguments] () async -> CInt in
    await __swiftPMEntryPoint(passing: arguments)
  }
  TestRunCommand.finish(code, status: status)
}
