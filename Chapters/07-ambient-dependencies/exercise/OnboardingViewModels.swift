// A copy of Sources/Chapter7AmbientDependencies/OnboardingViewModels.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import KooberKit
import ObjectTrace

/// The onboarding screens' view model factory: it reads what the view models need from the
/// values current when onboarding began, captured by its `@Dependency` properties.
@MainActor final class OnboardingViewModels {
  let lifetime = Lifetime(of: OnboardingViewModels.self, scope: .onboarding)

  // MARK: - Read from the ambient values

  @Dependency(OnboardingViewModelKey.self) var onboardingViewModel
  @Dependency(UserSessionRepositoryKey.self) var userSessionRepository
  @Dependency(MainViewModelKey.self) var mainViewModel
}

// MARK: - View model factories

extension OnboardingViewModels: WelcomeViewModelFactory, SignInViewModelFactory,
  SignUpViewModelFactory
{
  func makeWelcomeViewModel() -> WelcomeViewModel {
    WelcomeViewModel(
      goToSignUpNavigator: onboardingViewModel, goToSignInNavigator: onboardingViewModel)
  }

  func makeSignInViewModel() -> SignInViewModel {
    SignInViewModel(userSessionRepository: userSessionRepository, signedInResponder: mainViewModel)
  }

  func makeSignUpViewModel() -> SignUpViewModel {
    SignUpViewModel(userSessionRepository: userSessionRepository, signedInResponder: mainViewModel)
  }
}
