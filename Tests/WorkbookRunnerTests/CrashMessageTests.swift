import KooberRules
import Testing

@testable import WorkbookRunner

/// The runtime's crash line as `workbook check` shows it: the learner's folder, not the build's
/// path, and whole as long as a refusal at launch is, so its chain is not cut away.
@Suite struct CrashMessageTests {
  /// `verify()`'s refusal of exercise 13's ride options' screen cached by the request's
  /// container, as the exercise prints it.
  static let refusal =
    """
    /work/koober/Chapters/open/exercise-13-pick-me-up-registrations/exercise/AppDelegate.swift:\
    25: Precondition failed: verify() refused the registrations at launch: Container#4 \
    (pick-me-up) caches RideOptionPickerViewController (.container), which keeps the container \
    itself through RideOptionPickerViewController.viewModelFactory: the two hold each other, \
    and neither is released when the scope ends (a cycle); fix: register \
    RideOptionPickerViewController `.transient`, so that no cache keeps it
    """

  @Test func aRefusalAtLaunchIsShownWholeWithItsChain() throws {
    let exercise = try #require(Exercise.numbered(13))
    let message = try #require(
      ExerciseRun.crashMessage(
        in: "building…\n" + Self.refusal + "\n", root: "/work/koober", exercise: exercise))
    #expect(message.hasPrefix("Chapters/open/exercise-13-pick-me-up-registrations/exercise/"))
    #expect(
      message.hasSuffix(
        """
        through RideOptionPickerViewController.viewModelFactory: \
        the two hold each other, and neither is released when the scope ends (a cycle); fix: \
        register RideOptionPickerViewController `.transient`, so that no cache keeps it
        """))
  }

  @Test func aRunawayLineIsCut() throws {
    let exercise = try #require(Exercise.numbered(13))
    let line = "Fatal error: " + String(repeating: "x", count: 10_000)
    let message = try #require(
      ExerciseRun.crashMessage(in: line, root: "", exercise: exercise))
    #expect(message.count == ExerciseRun.crashLineLimit + 1)
    #expect(message.hasSuffix("x…"))
  }

  @Test func noCrashLineIsNil() throws {
    let exercise = try #require(Exercise.numbered(13))
    #expect(ExerciseRun.crashMessage(in: "warning: x\n", root: "", exercise: exercise) == nil)
  }
}
