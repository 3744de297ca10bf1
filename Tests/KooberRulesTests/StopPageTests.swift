import ChapterTestSupport
import KooberStory
import ObjectTrace
import Testing
import TracePictures

@testable import KooberRules

/// What `exerciseN --trace --step NAME` prints when the story stops (a `todo`, a crash) in a
/// later step: the step asked for alone, as without a stop; and when it never ran, no other
/// step in its place, but a line that says so.
@Suite struct StopPageTests {
  /// The trace of chapter 4's first two steps, as a story stopped in `sign-up` leaves it.
  @MainActor static func stoppedInSignUp() async throws -> Trace {
    var trace = try await Story.run(Chapters.chapter(4))
    trace.steps = Array(trace.steps.prefix(2))
    return trace
  }

  @Test @MainActor func aStepThatRanIsPrintedAlone() async throws {
    let page = ExerciseCheck.stopPage(
      try await Self.stoppedInSignUp(), as: .text, in: .english, onlyStep: "sign-up")
    #expect(page.contains("── step 2: sign-up"))
    #expect(!page.contains("── step 1: launch"))
  }

  @Test @MainActor func aStepThatDidNotRunIsSaidNotToHaveRun() async throws {
    let page = ExerciseCheck.stopPage(
      try await Self.stoppedInSignUp(), as: .text, in: .english, onlyStep: "sign-out")
    #expect(!page.contains("── step"))
    #expect(
      page.hasSuffix(
        """
        sign-out did not run: the story stopped before it (the steps that ran: launch, \
        sign-up; run without --step to see them)\n
        """))
    let korean = ExerciseCheck.stopPage(
      try await Self.stoppedInSignUp(), as: .text, in: .korean, onlyStep: "sign-out")
    #expect(korean.contains("sign-out 단계는 실행되지 않았다"))
  }
}
