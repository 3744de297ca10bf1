import ChapterTestSupport
import KooberRules
import KooberStory
import Testing

@testable import ExerciseRuntime

/// The chapters through the rules the exercise checker uses: every chapter but 3 keeps every
/// shared rule; chapter 3 breaks exactly the two scope rules — its lesson — and the messages
/// name the objects its container keeps.
///
/// The stories of chapters with globals, 1 and 2, play in a fresh process each (an exit test,
/// which names its chapter: Swift 6.2's exit tests capture no values).
@Suite struct SharedRulesTests {
  @Test(arguments: Chapters.numbers.filter { $0 != 3 })
  func everySharedRuleHolds(chapter: Int) async {
    switch chapter {
    case 1: await #expect(processExitsWith: .success) { #expect(await Self.failing(1) == [:]) }
    case 2: await #expect(processExitsWith: .success) { #expect(await Self.failing(2) == [:]) }
    default: #expect(await Self.failing(chapter) == [:])
    }
  }

  @Test func chapterThreeBreaksOnlyTheScopeRules() async {
    let failing = await Self.failing(3)
    #expect(Set(failing.keys) == ["onboarding-scope-ends", "signed-in-scope-ends"])
    let onboardingStale: String =
      """
      the onboarding scope ends at sign-up — OnboardingViewModel#1 is still alive after \
      sign-up, held by KooberAppDependencyContainer#1.sharedOnboardingViewModel (kept by \
      app.appContainer.sharedOnboardingViewModel)
      """
    #expect(failing["onboarding-scope-ends"] == onboardingStale)
    let sessionStale: String =
      """
      UserSession#1 is still alive after sign-out, held by \
      KooberAppDependencyContainer#1.signedInUserSession
      """
    #expect(failing["signed-in-scope-ends"]?.contains(sessionStale) == true)
  }

  /// The failing shared rules of chapter `number`'s story, by id.
  @MainActor static func failing(_ number: Int) async -> [RuleID: String] {
    let recording = await StoryRecording.record(Chapters.chapter(number))
    var failing: [RuleID: String] = [:]
    for rule in Rule.shared {
      let result = rule.result(for: recording)
      if result.status == .fail { failing[rule.id] = result.message }
    }
    return failing
  }
}
