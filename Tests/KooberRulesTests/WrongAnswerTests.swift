import KooberKit
import KooberRules
import KooberStory
import ObjectTrace
import Testing

/// Each exercise's realistic wrong answer is refused, with a message that names the learner's
/// object, the step and the holder — and the right answer passes every rule.
///
/// Serialized: after each story, the leaking mistake's cycle is broken, and that must not reach
/// into another test's story still playing.
@Suite(.serialized) @MainActor struct WrongAnswerTests {
  /// The failing rules' messages for a composition with `mistake`, by rule id.
  func failures(_ mistake: Mistake) async -> [String: String] {
    let recording = await StoryRecording.record(.mistaken(mistake))
    MistakenAppContainer.breakCycles()
    var failures: [String: String] = [:]
    for rule in Rule.shared {
      let result = rule.result(for: recording)
      if result.status == .fail { failures[result.id] = result.message }
    }
    return failures
  }

  @Test func theRightAnswerKeepsEveryRule() async {
    #expect(await failures(.none) == [:])
  }

  @Test func aSignedInContainerThatKeepsItsParentIsRefused() async {
    let failures = await failures(.signedInContainerKeepsItsParent)
    #expect(Set(failures.keys) == ["no-container-holds-a-container"])
    #expect(
      failures["no-container-holds-a-container"]?.contains(
        "in sign-up, MistakenSignedInContainer#1.appContainer holds MistakenAppContainer#1")
        == true)
  }

  @Test func aProfileReportingToANewMainViewModelIsRefused() async {
    let failures = await failures(.profileRespondsToANewMainViewModel)
    #expect(
      failures["one-main-view-model"]?.contains(
        "in sign-out, ProfileViewModel#1.notSignedInResponder is MainViewModel#2, but the main "
          + "screen shows MainViewModel#1") == true)
    #expect(
      failures["story-completes"]?.contains(
        "it stopped in step sign-out: after sign-out the WelcomeViewController should be shown")
        == true)
  }

  @Test func aResponderTheTraceCannotFollowIsStillNamed() async {
    let failures = await failures(.signInRespondsToAStandIn)
    #expect(
      failures["one-main-view-model"]?.contains(
        "in sign-in, SignInViewModel#1.signedInResponder is StandInResponder, but the main screen "
          + "shows MainViewModel#1") == true)
  }

  @Test func aWelcomeWithItsOwnNavigatorIsRefused() async {
    let failures = await failures(.welcomeGetsItsOwnNavigator)
    #expect(
      failures["onboarding-navigators"]?.contains(
        "in launch, WelcomeViewModel#1.goToSignUpNavigator is OnboardingViewModel#2, but its "
          + "onboarding OnboardingViewController#1 shows OnboardingViewModel#1") == true)
  }

  @Test func anAppContainerKeepingTheSessionsContainerIsRefused() async {
    let failures = await failures(.appContainerKeepsSignedInContainer)
    #expect(
      failures["signed-in-scope-ends"]?.contains(
        "MistakenSignedInContainer#1 is still alive after sign-out, held by "
          + "MistakenAppContainer#1.signedInContainer (and with it UserSession#1, "
          + "SignedInViewModel#1)") == true)
    #expect(failures["onboarding-scope-ends"] == nil)
  }

  @Test func anOnboardingWithItsOwnMainViewModelIsRefused() async {
    let failures = await failures(.onboardingMakesItsOwnMainViewModel)
    #expect(
      failures["one-main-view-model"]?.contains(
        "in sign-up, SignUpViewModel#1.signedInResponder is MainViewModel#2, but the main screen "
          + "shows MainViewModel#1") == true)
    #expect(
      failures["no-torn-instances"]?.contains(
        "after launch, MainViewModel#2 is a second live MainViewModel") == true)
    // The story stopped in sign-up, so the scope rules say they could not check, not "stale".
    #expect(
      failures["onboarding-scope-ends"]?.hasSuffix("not checked: the story stopped in sign-up")
        == true)
  }

  @Test func aContainerKeepingTheMainScreenLeaksEverythingAfterQuit() async {
    let failures = await failures(.appContainerKeepsMainScreen)
    #expect(Set(failures.keys) == ["nothing-leaks"])
    let message = failures["nothing-leaks"] ?? ""
    #expect(message.contains("MistakenAppContainer#1 (held by no stored property: by a closure)"))
    #expect(
      message.contains("MainViewController#1 (held by MistakenAppContainer#1.mainViewController)"))
    #expect(
      message.contains(
        "closures stored in them: MainViewController#1.onboardingViewControllerFactory"))
  }

  @Test func aStoryThatStopsKeepsTheTraceOfTheStepsItPlayed() async {
    let recording = await StoryRecording.record(.mistaken(.onboardingMakesItsOwnMainViewModel))
    MistakenAppContainer.breakCycles()
    #expect(recording.failure?.step == "sign-up")
    #expect(recording.trace.steps.map(\.name) == ["launch", "sign-up"])
    #expect(recording.trace.steps[0].findings.map(\.kind) == ["torn"])
  }
}
