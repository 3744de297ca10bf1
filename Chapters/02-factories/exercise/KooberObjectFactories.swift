// Exercise 2 — your file. Write the signed-in factory methods at the end: the factories keep
// nothing, so whatever lives longer than one call comes in as a parameter.
// Check it with `swift run workbook check 2`; stuck? `swift run workbook hint 2`.
import KooberKit
import KooberRules

/// Every `make…` method of the app in one place — and no stored property at all.
///
/// The factories are stateless: a long-lived object (the repository, the main view model) is
/// passed in as a parameter by whoever keeps it, so construction is centralised while lifetime
/// stays someone else's problem.
@MainActor
public struct KooberObjectFactories {
  /// Creates the factories; there is nothing to keep.
  public init() {}

  // MARK: - App scope

  /// The repository, with its data store and remote API.
  public func makeUserSessionRepository() -> any UserSessionRepository {
    KooberUserSessionRepository(
      dataStore: makeUserSessionDataStore(), remoteAPI: makeAuthRemoteAPI())
  }

  /// The keychain store, or the file store when built with `USER_SESSION_DATASTORE_FILEBASED`.
  public func makeUserSessionDataStore() -> any UserSessionDataStore {
    #if USER_SESSION_DATASTORE_FILEBASED
      FileUserSessionDataStore(userSessionCoder: makeUserSessionCoder())
    #else
      KeychainUserSessionDataStore(userSessionCoder: makeUserSessionCoder())
    #endif
  }

  /// The session coder.
  public func makeUserSessionCoder() -> any UserSessionCoding {
    UserSessionPropertyListCoder()
  }

  /// The remote API.
  public func makeAuthRemoteAPI() -> any AuthRemoteAPI {
    FakeAuthRemoteAPI()
  }

  /// The main view model.
  public func makeMainViewModel() -> MainViewModel {
    MainViewModel()
  }

  /// The main screen, with factory closures for the screens it shows later.
  public func makeMainViewController(
    viewModel: MainViewModel, userSessionRepository: any UserSessionRepository
  ) -> MainViewController {
    let launchViewController = makeLaunchViewController(
      userSessionRepository: userSessionRepository, notSignedInResponder: viewModel,
      signedInResponder: viewModel)
    let onboardingViewControllerFactory = {
      makeOnboardingViewController(
        userSessionRepository: userSessionRepository, signedInResponder: viewModel)
    }
    let signedInViewControllerFactory = { (userSession: UserSession) in
      makeSignedInViewController(
        userSession: userSession, notSignedInResponder: viewModel,
        userSessionRepository: userSessionRepository)
    }
    return MainViewController(
      viewModel: viewModel, launchViewController: launchViewController,
      onboardingViewControllerFactory: onboardingViewControllerFactory,
      signedInViewControllerFactory: signedInViewControllerFactory)
  }

  /// The launch screen.
  public func makeLaunchViewController(
    userSessionRepository: any UserSessionRepository,
    notSignedInResponder: any NotSignedInResponder, signedInResponder: any SignedInResponder
  ) -> LaunchViewController {
    LaunchViewController(
      viewModel: makeLaunchViewModel(
        userSessionRepository: userSessionRepository, notSignedInResponder: notSignedInResponder,
        signedInResponder: signedInResponder))
  }

  /// The launch view model.
  public func makeLaunchViewModel(
    userSessionRepository: any UserSessionRepository,
    notSignedInResponder: any NotSignedInResponder, signedInResponder: any SignedInResponder
  ) -> LaunchViewModel {
    LaunchViewModel(
      userSessionRepository: userSessionRepository, notSignedInResponder: notSignedInResponder,
      signedInResponder: signedInResponder)
  }

  // MARK: - Onboarding

  /// A new onboarding: one onboarding view model is both of welcome's navigators.
  public func makeOnboardingViewController(
    userSessionRepository: any UserSessionRepository, signedInResponder: any SignedInResponder
  ) -> OnboardingViewController {
    let onboardingViewModel = makeOnboardingViewModel()
    return OnboardingViewController(
      viewModel: onboardingViewModel,
      welcomeViewController: makeWelcomeViewController(
        goToSignUpNavigator: onboardingViewModel, goToSignInNavigator: onboardingViewModel),
      signInViewController: makeSignInViewController(
        userSessionRepository: userSessionRepository, signedInResponder: signedInResponder),
      signUpViewController: makeSignUpViewController(
        userSessionRepository: userSessionRepository, signedInResponder: signedInResponder))
  }

  /// Onboarding's navigation state.
  public func makeOnboardingViewModel() -> OnboardingViewModel {
    OnboardingViewModel()
  }

  /// The welcome screen.
  public func makeWelcomeViewController(
    goToSignUpNavigator: any GoToSignUpNavigator, goToSignInNavigator: any GoToSignInNavigator
  ) -> WelcomeViewController {
    WelcomeViewController(
      viewModelFactory: MakeViewModel {
        makeWelcomeViewModel(
          goToSignUpNavigator: goToSignUpNavigator, goToSignInNavigator: goToSignInNavigator)
      })
  }

  /// The welcome view model.
  public func makeWelcomeViewModel(
    goToSignUpNavigator: any GoToSignUpNavigator, goToSignInNavigator: any GoToSignInNavigator
  ) -> WelcomeViewModel {
    WelcomeViewModel(
      goToSignUpNavigator: goToSignUpNavigator, goToSignInNavigator: goToSignInNavigator)
  }

  /// The sign-in screen.
  public func makeSignInViewController(
    userSessionRepository: any UserSessionRepository, signedInResponder: any SignedInResponder
  ) -> SignInViewController {
    SignInViewController(
      viewModelFactory: MakeViewModel {
        makeSignInViewModel(
          userSessionRepository: userSessionRepository, signedInResponder: signedInResponder)
      })
  }

  /// The sign-in view model.
  public func makeSignInViewModel(
    userSessionRepository: any UserSessionRepository, signedInResponder: any SignedInResponder
  ) -> SignInViewModel {
    SignInViewModel(
      userSessionRepository: userSessionRepository, signedInResponder: signedInResponder)
  }

  /// The sign-up screen.
  public func makeSignUpViewController(
    userSessionRepository: any UserSessionRepository, signedInResponder: any SignedInResponder
  ) -> SignUpViewController {
    SignUpViewController(
      viewModelFactory: MakeViewModel {
        makeSignUpViewModel(
          userSessionRepository: userSessionRepository, signedInResponder: signedInResponder)
      })
  }

  /// The sign-up view model.
  public func makeSignUpViewModel(
    userSessionRepository: any UserSessionRepository, signedInResponder: any SignedInResponder
  ) -> SignUpViewModel {
    SignUpViewModel(
      userSessionRepository: userSessionRepository, signedInResponder: signedInResponder)
  }

  // MARK: - Signed in

  /// The signed-in screens for `userSession`; `makeMainViewController` calls this for each
  /// session.
  public func makeSignedInViewController(
    userSession: UserSession, notSignedInResponder: any NotSignedInResponder,
    userSessionRepository: any UserSessionRepository
  ) -> SignedInViewController {
    todo(
      "make the signed-in view model, the profile screen and the signed-in screens",
      ko: "로그인 후 뷰 모델, 프로필 화면, 로그인 후 화면들을 만드세요")
  }
}
