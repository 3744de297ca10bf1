import ChapterTestSupport
import KooberRules
import KooberStory
import ObjectTrace
import Testing

@testable import KooberKit

/// What must hold in every chapter, checked on the real objects while the story plays.
///
/// The stories of chapters with globals, 1 and 2, play in a fresh process each (an exit test): a
/// second story in the same process would start where the first one ended. That is the globals'
/// lesson, paid by our own tests. The other chapters play in this process, as their own tests do.
/// Each exit test names its chapter: Swift 6.2's exit tests capture no values.
@Suite struct SharedInvariantsTests {
  /// The chapters the exit tests below name are the chapters with globals.
  @Test func theChaptersWithGlobalsAreOneAndTwo() {
    #expect(Chapters.numbers.filter(Chapters.keepsGlobals) == [1, 2])
  }

  @Test(arguments: Chapters.numbers)
  func oneMainViewModelIsEveryResponder(chapter: Int) async throws {
    switch chapter {
    case 1:
      await #expect(processExitsWith: .success) {
        try await Self.oneMainViewModelIsEveryResponder(chapter: 1)
      }
    case 2:
      await #expect(processExitsWith: .success) {
        try await Self.oneMainViewModelIsEveryResponder(chapter: 2)
      }
    default: try await Self.oneMainViewModelIsEveryResponder(chapter: chapter)
    }
  }

  @Test(arguments: Chapters.numbers)
  func oneRepositoryServesTheWholeApp(chapter: Int) async throws {
    switch chapter {
    case 1:
      await #expect(processExitsWith: .success) {
        try await Self.oneRepositoryServesTheWholeApp(chapter: 1)
      }
    case 2:
      await #expect(processExitsWith: .success) {
        try await Self.oneRepositoryServesTheWholeApp(chapter: 2)
      }
    default: try await Self.oneRepositoryServesTheWholeApp(chapter: chapter)
    }
  }

  @Test(arguments: Chapters.numbers)
  func welcomeNavigatorsAreThatOnboardingsViewModel(chapter: Int) async throws {
    switch chapter {
    case 1:
      await #expect(processExitsWith: .success) {
        try await Self.welcomeNavigatorsAreThatOnboardingsViewModel(chapter: 1)
      }
    case 2:
      await #expect(processExitsWith: .success) {
        try await Self.welcomeNavigatorsAreThatOnboardingsViewModel(chapter: 2)
      }
    default: try await Self.welcomeNavigatorsAreThatOnboardingsViewModel(chapter: chapter)
    }
  }

  @Test(arguments: Chapters.numbers)
  func signedInScreensShareTheSessionSignInReturned(chapter: Int) async throws {
    switch chapter {
    case 1:
      await #expect(processExitsWith: .success) {
        try await Self.signedInScreensShareTheSessionSignInReturned(chapter: 1)
      }
    case 2:
      await #expect(processExitsWith: .success) {
        try await Self.signedInScreensShareTheSessionSignInReturned(chapter: 2)
      }
    default: try await Self.signedInScreensShareTheSessionSignInReturned(chapter: chapter)
    }
  }

  @Test(arguments: Chapters.numbers)
  func onboardingIsReleasedOnceSignedIn(chapter: Int) async throws {
    switch chapter {
    case 1:
      await #expect(processExitsWith: .success) {
        try await Self.onboardingIsReleasedOnceSignedIn(chapter: 1)
      }
    case 2:
      await #expect(processExitsWith: .success) {
        try await Self.onboardingIsReleasedOnceSignedIn(chapter: 2)
      }
    default: try await Self.onboardingIsReleasedOnceSignedIn(chapter: chapter)
    }
  }

  @Test(arguments: Chapters.numbers)
  func aWrongPasswordOnlyShowsAnError(chapter: Int) async throws {
    switch chapter {
    case 1:
      await #expect(processExitsWith: .success) {
        try await Self.aWrongPasswordOnlyShowsAnError(chapter: 1)
      }
    case 2:
      await #expect(processExitsWith: .success) {
        try await Self.aWrongPasswordOnlyShowsAnError(chapter: 2)
      }
    default: try await Self.aWrongPasswordOnlyShowsAnError(chapter: chapter)
    }
  }

  @Test(arguments: Chapters.numbers)
  func signOutReturnsToAFreshWelcome(chapter: Int) async throws {
    switch chapter {
    case 1:
      await #expect(processExitsWith: .success) {
        try await Self.signOutReturnsToAFreshWelcome(chapter: 1)
      }
    case 2:
      await #expect(processExitsWith: .success) {
        try await Self.signOutReturnsToAFreshWelcome(chapter: 2)
      }
    default: try await Self.signOutReturnsToAFreshWelcome(chapter: chapter)
    }
  }

  @Test(arguments: Chapters.numbers)
  func everyStepIsTracedWithOneMainViewModel(chapter: Int) async throws {
    switch chapter {
    case 1:
      await #expect(processExitsWith: .success) {
        try await Self.everyStepIsTracedWithOneMainViewModel(chapter: 1)
      }
    case 2:
      await #expect(processExitsWith: .success) {
        try await Self.everyStepIsTracedWithOneMainViewModel(chapter: 2)
      }
    default: try await Self.everyStepIsTracedWithOneMainViewModel(chapter: chapter)
    }
  }
}

// MARK: - The checks, run here or in an exit test's fresh process

@MainActor
extension SharedInvariantsTests {
  static func oneMainViewModelIsEveryResponder(chapter number: Int) async throws {
    var formsSeen: Set<String> = []
    _ = try await Story.run(Chapters.chapter(number)) { _, app in
      guard let main = app?.mainScreen else { return }
      let mainViewModel = main.viewModel
      let launch = main.launchViewController.viewModel
      #expect(launch.notSignedInResponder === mainViewModel)
      #expect(launch.signedInResponder === mainViewModel)
      if let signIn = main.shown(SignInViewController.self)?.viewModel {
        #expect(signIn.signedInResponder === mainViewModel)
        formsSeen.insert(traceID(of: signIn) ?? "?")
      }
      if let signUp = main.shown(SignUpViewController.self)?.viewModel {
        #expect(signUp.signedInResponder === mainViewModel)
        formsSeen.insert(traceID(of: signUp) ?? "?")
      }
      if let profile = main.shown(ProfileViewController.self)?.viewModel {
        #expect(profile.notSignedInResponder === mainViewModel)
        formsSeen.insert(traceID(of: profile) ?? "?")
      }
    }
    #expect(formsSeen == ["SignUpViewModel#1", "ProfileViewModel#1", "SignInViewModel#1"])
  }

  static func oneRepositoryServesTheWholeApp(chapter number: Int) async throws {
    let sightings = Sightings()
    var usersSeen: Set<String> = []
    _ = try await Story.run(Chapters.chapter(number)) { moment, app in
      sightings.look(at: moment, in: app)
      guard let main = app?.mainScreen, let repository = sightings.repository else { return }
      #expect(main.launchViewController.viewModel.userSessionRepository === repository)
      if let signIn = main.shown(SignInViewController.self)?.viewModel {
        #expect(signIn.userSessionRepository === repository)
        usersSeen.insert("sign-in")
      }
      if let signUp = main.shown(SignUpViewController.self)?.viewModel {
        #expect(signUp.userSessionRepository === repository)
        usersSeen.insert("sign-up")
      }
      if let profile = main.shown(ProfileViewController.self)?.viewModel {
        #expect(profile.userSessionRepository === repository)
        usersSeen.insert("profile")
      }
    }
    #expect(usersSeen == ["sign-in", "sign-up", "profile"])
  }

  static func welcomeNavigatorsAreThatOnboardingsViewModel(chapter number: Int) async throws {
    var onboardingsSeen: Set<String> = []
    _ = try await Story.run(Chapters.chapter(number)) { _, app in
      guard let onboarding = app?.mainScreen.shown(OnboardingViewController.self),
        let welcome = onboarding.welcomeViewController.viewModel
      else { return }
      #expect(welcome.goToSignUpNavigator === onboarding.viewModel)
      #expect(welcome.goToSignInNavigator === onboarding.viewModel)
      onboardingsSeen.insert(traceID(of: onboarding.viewModel) ?? "?")
    }
    // Onboarding was shown twice (launch, sign-out), each time with its own view model.
    #expect(onboardingsSeen == ["OnboardingViewModel#1", "OnboardingViewModel#2"])
  }

  static func signedInScreensShareTheSessionSignInReturned(chapter number: Int) async throws {
    var sessionsSeen: Set<String> = []
    _ = try await Story.run(Chapters.chapter(number)) { _, app in
      guard let main = app?.mainScreen, let signedIn = main.shown(SignedInViewController.self)
      else { return }
      guard case .signedIn(let userSession) = main.viewModel.view else {
        Issue.record("the signed-in screens are shown but the main view model is not signed in")
        return
      }
      #expect(signedIn.userSession === userSession)
      if let profile = signedIn.profileViewController.viewModel {
        #expect(profile.userSession === userSession)
        #expect(profile.doneWithProfileResponder === signedIn.viewModel)
      }
      sessionsSeen.insert(traceID(of: userSession) ?? "?")
    }
    #expect(sessionsSeen == ["UserSession#1", "UserSession#2"])  // from sign-up, then sign-in
  }

  static func onboardingIsReleasedOnceSignedIn(chapter number: Int) async throws {
    let sightings = Sightings()
    var checked = false
    _ = try await Story.run(Chapters.chapter(number)) { moment, app in
      sightings.look(at: moment, in: app)
      guard moment == .endOf(.signUp) else { return }
      #expect(sightings.firstOnboardingViewController == nil)
      // Its view model goes with it — except in chapter 3, whose container keeps it (that
      // chapter's own tests prove where it is kept).
      #expect((sightings.firstOnboardingViewModel == nil) == (number != 3))
      checked = true
    }
    #expect(checked)
  }

  static func aWrongPasswordOnlyShowsAnError(chapter number: Int) async throws {
    var seen = false
    _ = try await Story.run(Chapters.chapter(number)) { moment, app in
      guard moment == .wrongPasswordShown, let main = app?.mainScreen else { return }
      seen = true
      #expect(
        main.shown(SignInViewController.self)?.notice == KooberError.incorrectCredentials.message)
      guard case .onboarding = main.viewModel.view else {
        Issue.record("a wrong password changed the main view model's state")
        return
      }
      #expect(
        main.shownDescription == "Main › Onboarding › Sign in (Incorrect email or password.)")
    }
    #expect(seen)
  }

  static func signOutReturnsToAFreshWelcome(chapter number: Int) async throws {
    let sightings = Sightings()
    var seen = false
    _ = try await Story.run(Chapters.chapter(number)) { moment, app in
      sightings.look(at: moment, in: app)
      guard moment == .endOf(.signOut), let main = app?.mainScreen else { return }
      seen = true
      let onboarding = main.shown(OnboardingViewController.self)
      #expect(onboarding?.viewModel.view == .welcome)
      #expect(onboarding != nil && onboarding !== sightings.firstOnboardingViewController)
      #expect(main.shownDescription == "Main › Onboarding › Welcome")
    }
    #expect(seen)
  }

  static func everyStepIsTracedWithOneMainViewModel(chapter number: Int) async throws {
    let trace = try await Story.run(Chapters.chapter(number))
    #expect(trace.steps.map(\.name) == Story.stepNames)
    #expect(
      trace.steps.map(\.screen) == [
        "Main › Onboarding › Welcome", "Main › Signed in as johnny", "Main › Onboarding › Welcome",
        "Main › Signed in as johnny", "(the app has quit)",
      ])
    #expect(trace.objects.filter { $0.type == "MainViewModel" }.count == 1)
  }
}
