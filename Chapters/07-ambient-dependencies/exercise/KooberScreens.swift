// Exercise 14 — your file. Begin the signed-in scope from ambient values: what sign-in sets,
// and the screens made inside it. ProfileViewModels.swift is yours too.
// Check it with `swift run workbook check 14`; stuck? `swift run workbook hint 14`.
import KooberKit
import KooberRules

/// Chapter 7's factories: each reads what it needs from the ambient values current when it runs,
/// and a scope begins by setting its keys for what it makes.
@MainActor enum KooberScreens {
  // MARK: - Main

  /// The main screen. Its factory closures escape: they run later, in a step of the story, whose
  /// task has none of the app's values. So they carry them (`withEscapedDependencies`; the
  /// mistake that does not is in `AmbientMistake`). `makeSignedIn` makes the signed-in screens
  /// for a session (a mistake's, there too).
  static func makeMainViewController(
    makeSignedIn: @escaping @MainActor (UserSession) -> SignedInViewController =
      makeSignedInViewController(session:)
  ) -> MainViewController {
    @Dependency(MainViewModelKey.self) var mainViewModel
    return withEscapedDependencies { dependencies in
      MainViewController(
        viewModel: mainViewModel, launchViewController: makeLaunchViewController(),
        onboardingViewControllerFactory: {
          dependencies.yield { makeOnboardingViewController() }
        },
        signedInViewControllerFactory: { session in
          dependencies.yield { makeSignedIn(session) }
        })
    }
  }

  /// The launch screen.
  static func makeLaunchViewController() -> LaunchViewController {
    @Dependency(UserSessionRepositoryKey.self) var userSessionRepository
    @Dependency(MainViewModelKey.self) var mainViewModel
    return LaunchViewController(
      viewModel: LaunchViewModel(
        userSessionRepository: userSessionRepository, notSignedInResponder: mainViewModel,
        signedInResponder: mainViewModel))
  }

  // MARK: - Onboarding: a scope that begins by setting its view model

  /// A new onboarding: its view model set for what it makes, which keeps it.
  static func makeOnboardingViewController() -> OnboardingViewController {
    withDependencies {
      $0.set(OnboardingViewModelKey.self, to: OnboardingViewModel())
    } operation: {
      @Dependency(OnboardingViewModelKey.self) var onboardingViewModel
      let viewModels = OnboardingViewModels()
      return OnboardingViewController(
        viewModel: onboardingViewModel,
        welcomeViewController: WelcomeViewController(viewModelFactory: viewModels),
        signInViewController: SignInViewController(viewModelFactory: viewModels),
        signUpViewController: SignUpViewController(viewModelFactory: viewModels))
    }
  }

  // MARK: - Signed in: a scope that begins by setting the session

  /// The signed-in screens for `session`, when a user signs in or up.
  static func makeSignedInViewController(session: UserSession) -> SignedInViewController {
    todo(
      "begin the signed-in scope: set what it keeps, and make its screens inside it",
      ko: "로그인 후 스코프를 시작하세요: 스코프가 간직할 값을 정하고, 그 안에서 화면들을 만드세요")
  }

  /// The signed-in screens, from the values current now, with `profileViewModels` as the
  /// profile's view-model factory.
  static func makeSignedInScreens(profileViewModels: ProfileViewModels) -> SignedInViewController {
    todo(
      "make the signed-in screens from the ambient values",
      ko: "앰비언트 값으로 로그인 후 화면들을 만드세요")
  }
}
