// Exercise 1 — your file. The main screen builds the screens it shows itself, on demand:
// onboarding is done; write the signed-in screens.
// Check it with `swift run workbook check 1`; stuck? `swift run workbook hint 1`.
import KooberKit
import KooberRules
import ObjectTrace

/// Chapter 1's main screen builds the onboarding and signed-in graphs itself, on demand.
///
/// Everything it needs to build them must be within its reach: the global repository, and its
/// own view model as the responder. Construction is scattered over the screens that happen to
/// show other screens.
@MainActor
public final class MainViewController: MainScreenPresenting {
  let lifetime = Lifetime(of: MainViewController.self)
  public let viewModel: MainViewModel
  public let launchViewController: LaunchViewController
  public var child: (any Screen)?

  /// Creates the main screen.
  public init(viewModel: MainViewModel, launchViewController: LaunchViewController) {
    self.viewModel = viewModel
    self.launchViewController = launchViewController
  }

  // MARK: - Onboarding, built on demand

  public func makeOnboardingViewController() -> OnboardingViewController {
    let mainViewModel = viewModel  // captured below instead of `self`: no retain cycle
    let onboardingViewModel = OnboardingViewModel()
    let welcomeViewController = WelcomeViewController(
      viewModelFactory: MakeViewModel {
        WelcomeViewModel(
          goToSignUpNavigator: onboardingViewModel, goToSignInNavigator: onboardingViewModel)
      })
    let signInViewController = SignInViewController(
      viewModelFactory: MakeViewModel {
        SignInViewModel(
          userSessionRepository: GlobalUserSessionRepository, signedInResponder: mainViewModel)
      })
    let signUpViewController = SignUpViewController(
      viewModelFactory: MakeViewModel {
        SignUpViewModel(
          userSessionRepository: GlobalUserSessionRepository, signedInResponder: mainViewModel)
      })
    return OnboardingViewController(
      viewModel: onboardingViewModel, welcomeViewController: welcomeViewController,
      signInViewController: signInViewController, signUpViewController: signUpViewController)
  }

  // MARK: - Signed in, built on demand

  public func makeSignedInViewController(userSession: UserSession) -> SignedInViewController {
    // exercise: begin
    let mainViewModel = viewModel
    let signedInViewModel = SignedInViewModel()
    let profileViewController = ProfileViewController(
      viewModelFactory: MakeViewModel {
        ProfileViewModel(
          userSession: userSession, notSignedInResponder: mainViewModel,
          doneWithProfileResponder: signedInViewModel,
          userSessionRepository: GlobalUserSessionRepository)
      })
    return SignedInViewController(
      viewModel: signedInViewModel, userSession: userSession,
      profileViewController: profileViewController)
    // exercise: starter
    // todo(
    //   "make the signed-in view model, the profile screen and the signed-in screens",
    //   ko: "로그인 후 뷰 모델, 프로필 화면, 로그인 후 화면들을 만드세요")
    // exercise: end
  }
}
