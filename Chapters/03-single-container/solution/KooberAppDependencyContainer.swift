// Exercise 3 — your file. Write the container's `init` (with inline factory functions) and its
// onboarding factory, which keeps the onboarding view model for the screens' view models.
// Check it with `swift run workbook check 3`; stuck? `swift run workbook hint 3`.
import KooberKit
import KooberRules
import ObjectTrace

/// Chapter 3's one container: it keeps the long-lived objects and makes everything else.
///
/// No globals. But one container means one lifetime: the onboarding and signed-in objects it
/// must share between factories are kept in optional `var`s, replaced when their screens are
/// made again — and kept, stale, after their screens are gone.
@MainActor
public final class KooberAppDependencyContainer {
  let lifetime = Lifetime(of: KooberAppDependencyContainer.self, role: .container)

  // MARK: - Long-lived dependencies

  let sharedUserSessionRepository: any UserSessionRepository
  let sharedMainViewModel: MainViewModel

  // MARK: - Scoped dependencies, kept in optionals

  /// Set when onboarding is made; still set after the user signs in.
  var sharedOnboardingViewModel: OnboardingViewModel?
  /// Set when the signed-in screens are made; still set after the user signs out.
  var signedInUserSession: UserSession?
  /// Set when the signed-in screens are made; still set after the user signs out.
  var sharedSignedInViewModel: SignedInViewModel?

  /// Creates the container and its long-lived objects.
  public init() {
    // exercise: begin
    // Inline factory functions, not methods: Swift does not let `init` call a method on `self`
    // before every stored property is set, and these make the stored properties.
    func makeUserSessionRepository() -> any UserSessionRepository {
      let dataStore = makeUserSessionDataStore()
      let remoteAPI = makeAuthRemoteAPI()
      return KooberUserSessionRepository(dataStore: dataStore, remoteAPI: remoteAPI)
    }

    func makeUserSessionDataStore() -> any UserSessionDataStore {
      #if USER_SESSION_DATASTORE_FILEBASED
        return FileUserSessionDataStore(userSessionCoder: makeUserSessionCoder())
      #else
        return KeychainUserSessionDataStore(userSessionCoder: makeUserSessionCoder())
      #endif
    }

    func makeUserSessionCoder() -> any UserSessionCoding {
      UserSessionPropertyListCoder()
    }

    func makeAuthRemoteAPI() -> any AuthRemoteAPI {
      FakeAuthRemoteAPI()
    }

    func makeMainViewModel() -> MainViewModel {
      MainViewModel()
    }

    self.sharedUserSessionRepository = makeUserSessionRepository()
    self.sharedMainViewModel = makeMainViewModel()
    // exercise: starter
    // todo("make the repository (with its data store, coder and remote API) and the main view "
    //   + "model, with inline factory functions",
    //   ko: "인라인 팩토리 함수로 레포지토리(데이터 스토어, 코더, 원격 API 포함)와 "
    //     + "메인 뷰 모델을 만드세요")
    // exercise: end
  }

  // MARK: - Main

  /// The main screen; its factory closures call back into this container.
  public func makeMainViewController() -> MainViewController {
    let launchViewController = makeLaunchViewController()
    let onboardingViewControllerFactory = {
      self.makeOnboardingViewController()
    }
    let signedInViewControllerFactory = { (userSession: UserSession) in
      self.makeSignedInViewController(session: userSession)
    }
    return MainViewController(
      viewModel: sharedMainViewModel, launchViewController: launchViewController,
      onboardingViewControllerFactory: onboardingViewControllerFactory,
      signedInViewControllerFactory: signedInViewControllerFactory)
  }

  /// The launch screen.
  public func makeLaunchViewController() -> LaunchViewController {
    LaunchViewController(viewModel: makeLaunchViewModel())
  }

  /// The launch view model.
  public func makeLaunchViewModel() -> LaunchViewModel {
    LaunchViewModel(
      userSessionRepository: sharedUserSessionRepository,
      notSignedInResponder: sharedMainViewModel, signedInResponder: sharedMainViewModel)
  }

  // MARK: - Onboarding

  /// A new onboarding; replaces the kept onboarding view model with a new one.
  public func makeOnboardingViewController() -> OnboardingViewController {
    // exercise: begin
    let onboardingViewModel = makeOnboardingViewModel()
    sharedOnboardingViewModel = onboardingViewModel
    return OnboardingViewController(
      viewModel: onboardingViewModel, welcomeViewController: makeWelcomeViewController(),
      signInViewController: makeSignInViewController(),
      signUpViewController: makeSignUpViewController())
    // exercise: starter
    // todo("make a new onboarding view model, keep it for the welcome view model, and make the "
    //   + "onboarding screen with its three screens",
    //   ko: "새 온보딩 뷰 모델을 만들어 환영 화면의 뷰 모델이 쓰도록 보관하고, "
    //     + "세 화면을 가진 온보딩 화면을 만드세요")
    // exercise: end
  }

  /// Onboarding's navigation state.
  public func makeOnboardingViewModel() -> OnboardingViewModel {
    OnboardingViewModel()
  }

  /// The welcome screen; the container is its view model factory.
  public func makeWelcomeViewController() -> WelcomeViewController {
    WelcomeViewController(viewModelFactory: self)
  }

  /// The sign-in screen.
  public func makeSignInViewController() -> SignInViewController {
    SignInViewController(viewModelFactory: self)
  }

  /// The sign-up screen.
  public func makeSignUpViewController() -> SignUpViewController {
    SignUpViewController(viewModelFactory: self)
  }

  // MARK: - Signed in

  /// The signed-in screens; keeps the session and the signed-in view model for later factories.
  public func makeSignedInViewController(session: UserSession) -> SignedInViewController {
    let signedInViewModel = makeSignedInViewModel()
    signedInUserSession = session
    sharedSignedInViewModel = signedInViewModel
    return SignedInViewController(
      viewModel: signedInViewModel, userSession: session,
      profileViewController: makeProfileViewController())
  }

  /// The signed-in state.
  public func makeSignedInViewModel() -> SignedInViewModel {
    SignedInViewModel()
  }

  /// The profile screen.
  public func makeProfileViewController() -> ProfileViewController {
    ProfileViewController(viewModelFactory: self)
  }
}

// MARK: - View model factories

extension KooberAppDependencyContainer: WelcomeViewModelFactory, SignInViewModelFactory,
  SignUpViewModelFactory, ProfileViewModelFactory
{
  public func makeWelcomeViewModel() -> WelcomeViewModel {
    // The optional must be set by now; the compiler cannot know that, so the container checks.
    guard let sharedOnboardingViewModel else {
      preconditionFailure("a welcome view model was asked for before onboarding was made")
    }
    return WelcomeViewModel(
      goToSignUpNavigator: sharedOnboardingViewModel,
      goToSignInNavigator: sharedOnboardingViewModel)
  }

  public func makeSignInViewModel() -> SignInViewModel {
    SignInViewModel(
      userSessionRepository: sharedUserSessionRepository, signedInResponder: sharedMainViewModel)
  }

  public func makeSignUpViewModel() -> SignUpViewModel {
    SignUpViewModel(
      userSessionRepository: sharedUserSessionRepository, signedInResponder: sharedMainViewModel)
  }

  public func makeProfileViewModel() -> ProfileViewModel {
    guard let signedInUserSession, let sharedSignedInViewModel else {
      preconditionFailure("a profile view model was asked for before anyone signed in")
    }
    return ProfileViewModel(
      userSession: signedInUserSession, notSignedInResponder: sharedMainViewModel,
      doneWithProfileResponder: sharedSignedInViewModel,
      userSessionRepository: sharedUserSessionRepository)
  }
}
