// A copy of Sources/Chapter4ContainerHierarchy/KooberOnboardingDependencyContainer.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import KooberKit
import ObjectTrace

/// One onboarding's container: born when onboarding is shown, gone when it is dismissed.
///
/// It copies what it needs from the app container into its own `let`s and does not keep the
/// parent. Its onboarding view model is a `let`, not an optional: it exists for exactly as long
/// as the container does.
@MainActor
public final class KooberOnboardingDependencyContainer {
  let lifetime = Lifetime(
    of: KooberOnboardingDependencyContainer.self, scope: .onboarding, role: .container)

  // MARK: - From the parent container

  let sharedUserSessionRepository: any UserSessionRepository
  let sharedMainViewModel: MainViewModel

  // MARK: - Long-lived within onboarding

  let sharedOnboardingViewModel: OnboardingViewModel

  /// Creates the container for one onboarding.
  public init(appDependencyContainer: KooberAppDependencyContainer) {
    func makeOnboardingViewModel() -> OnboardingViewModel {
      OnboardingViewModel()
    }

    self.sharedUserSessionRepository = appDependencyContainer.sharedUserSessionRepository
    self.sharedMainViewModel = appDependencyContainer.sharedMainViewModel
    self.sharedOnboardingViewModel = makeOnboardingViewModel()
  }

  // MARK: - Onboarding

  /// The onboarding screen and its three screens.
  public func makeOnboardingViewController() -> OnboardingViewController {
    OnboardingViewController(
      viewModel: sharedOnboardingViewModel, welcomeViewController: makeWelcomeViewController(),
      signInViewController: makeSignInViewController(),
      signUpViewController: makeSignUpViewController())
  }

  /// The welcome screen; this container is its view model factory.
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
}

// MARK: - View model factories

extension KooberOnboardingDependencyContainer: WelcomeViewModelFactory, SignInViewModelFactory,
  SignUpViewModelFactory
{
  public func makeWelcomeViewModel() -> WelcomeViewModel {
    WelcomeViewModel(
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
}
