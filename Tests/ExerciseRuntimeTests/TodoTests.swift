import CommandLineKit
import Testing

@testable import ExerciseRuntime

/// `todo(…)`: what a starter's unwritten code does when the story reaches it.
@Suite struct TodoTests {
  /// A `todo` in a later step keeps what the check asked to keep: `exerciseN --trace --format
  /// html` wants the page of the steps that ran written before the process ends. The page comes
  /// first, then the TODO line, and the process ends "not done yet".
  @Test func aTodoWritesWhatTheCheckAskedForBeforeItEnds() async throws {
    let result = try #require(
      await #expect(
        processExitsWith: .exitCode(todoExitStatus),
        observing: [\.standardOutputContent, \.standardErrorContent]
      ) {
        TodoStop.set { _ = StandardStream.output.write("the steps that ran\n") }
        todo("write the container")
      })
    #expect(String(decoding: result.standardOutputContent, as: UTF8.self) == "the steps that ran\n")
    let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(errors.hasPrefix("TODO: "))
    #expect(errors.contains("TodoTests.swift:"))
  }
}
