import ObjectTrace
import Testing

@testable import KooberKit

/// The screens' behaviour on their own, with the fakes the domain ships.
@MainActor
@Suite struct ViewModelTests {
  /// A data store whose every call fails, as a corrupt keychain would.
  final class FailingDataStore: UserSessionDataStore {
    func readUserSession() throws -> UserSession? { throw KooberError.dataStore("broken") }
    func save(userSession: UserSession) throws { throw KooberError.dataStore("broken") }
    func delete(userSession: UserSession) throws { throw KooberError.dataStore("broken") }
  }

  private func repository(_ store: (any UserSessionDataStore)? = nil) -> KooberUserSessionRepository
  {
    KooberUserSessionRepository(
      dataStore: store
        ?? KeychainUserSessionDataStore(userSessionCoder: UserSessionPropertyListCoder()),
      remoteAPI: FakeAuthRemoteAPI())
  }

  @Test func launchWithNoSessionGoesToOnboarding() async {
    let main = MainViewModel()
    let launch = LaunchViewModel(
      userSessionRepository: repository(), notSignedInResponder: main, signedInResponder: main)
    await launch.loadUserSession()
    guard case .onboarding = main.view else {
      Issue.record("expected onboarding, got \(main.view)")
      return
    }
    #expect(launch.errorMessage == nil)
  }

  @Test func aFailingStoreSendsLaunchToOnboardingWithAnError() async {
    let main = MainViewModel()
    let launch = LaunchViewModel(
      userSessionRepository: repository(FailingDataStore()), notSignedInResponder: main,
      signedInResponder: main)
    await launch.loadUserSession()
    guard case .onboarding = main.view else {
      Issue.record("expected onboarding, got \(main.view)")
      return
    }
    #expect(launch.errorMessage == "Saved session: broken")
  }

  @Test func aWrongPasswordShowsAnErrorAndSignsNobodyIn() async {
    let main = MainViewModel()
    let signIn = SignInViewModel(userSessionRepository: repository(), signedInResponder: main)
    signIn.email = "johnny@gmail.com"
    signIn.password = Secret("nope")
    await signIn.signIn()
    #expect(signIn.errorMessage == "Incorrect email or password.")
    guard case .launching = main.view else {
      Issue.record("a failed sign-in must not move the main view model")
      return
    }
    signIn.password = Secret("password")
    await signIn.signIn()
    #expect(signIn.errorMessage == nil)
    guard case .signedIn(let session) = main.view else {
      Issue.record("expected signed in")
      return
    }
    #expect(session.profile.nickname == "johnny")
  }

  @Test func welcomeButtonsMoveTheOnboarding() {
    let onboarding = OnboardingViewModel()
    let welcome = WelcomeViewModel(goToSignUpNavigator: onboarding, goToSignInNavigator: onboarding)
    #expect(onboarding.view == .welcome)
    welcome.showSignUpView()
    #expect(onboarding.view == .signUp)
    welcome.showSignInView()
    #expect(onboarding.view == .signIn)
  }

  @Test func aScreenMakesItsViewModelWhenFirstShown() {
    var made = 0
    let onboarding = OnboardingViewModel()
    let screen = WelcomeViewController(
      viewModelFactory: MakeViewModel {
        made += 1
        return WelcomeViewModel(goToSignUpNavigator: onboarding, goToSignInNavigator: onboarding)
      })
    #expect(screen.viewModel == nil)
    screen.render()
    screen.render()
    #expect(made == 1)
    #expect(screen.viewModel?.goToSignInNavigator === onboarding)
  }

  @Test func signOutTellsTheResponderAndClosingTheProfileGoesHome() async {
    let main = MainViewModel()
    let signedIn = SignedInViewModel()
    let session = UserSession(
      profile: UserProfile(name: "N", nickname: "n", email: "e", mobileNumber: "m"),
      remoteSession: RemoteUserSession(token: Secret("t")))
    let profile = ProfileViewModel(
      userSession: session, notSignedInResponder: main, doneWithProfileResponder: signedIn,
      userSessionRepository: repository())
    signedIn.showProfile()
    profile.closeProfile()
    #expect(signedIn.view == .home)
    await profile.signOut()
    guard case .onboarding = main.view else {
      Issue.record("sign-out should show onboarding")
      return
    }
  }
}
