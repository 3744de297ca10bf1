// A copy of Sources/Chapter6RuntimeContainer/KooberOnboardingAssembly.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import KooberKit
import ObjectTrace

/// What one onboarding's child container knows how to make; what it lacks (the repository, the
/// main view model) it resolves from the app container.
@MainActor
enum KooberOnboardingAssembly {
  /// Registers the onboarding scope's objects in `container`.
  static func register(in container: Container) {
    // MARK: - Long-lived within onboarding

    container.register(OnboardingViewModel.self, scope: .container) { _ in OnboardingViewModel() }

    // MARK: - Onboarding

    container.register(OnboardingViewController.self, scope: .transient) { resolver in
      OnboardingViewController(
        viewModel: resolver.resolve(OnboardingViewModel.self),
        welcomeViewController: resolver.resolve(WelcomeViewController.self),
        signInViewController: resolver.resolve(SignInViewController.self),
        signUpViewController: resolver.resolve(SignUpViewController.self))
    }
    container.register(WelcomeViewController.self, scope: .transient) { resolver in
      WelcomeViewController(viewModelFactory: resolver)
    }
    container.register(SignInViewController.self, scope: .transient) { resolver in
      SignInViewController(viewModelFactory: resolver)
    }
    container.register(SignUpViewController.self, scope: .transient) { resolver in
      SignUpViewController(viewModelFactory: resolver)
    }

    // MARK: - View models, made when a screen is first shown

    container.register(WelcomeViewModel.self, scope: .transient) { resolver in
      WelcomeViewModel(
        goToSignUpNavigator: resolver.resolve(OnboardingViewModel.self),
        goToSignInNavigator: resolver.resolve(OnboardingViewModel.self))
    }
    container.register(SignInViewModel.self, scope: .transient) { resolver in
      SignInViewModel(
        userSessionRepository: resolver.resolve(UserSessionRepository.self),
        signedInResponder: resolver.resolve(MainViewModel.self))
    }
    container.register(SignUpViewModel.self, scope: .transient) { resolver in
      SignUpViewModel(
        userSessionRepository: resolver.resolve(UserSessionRepository.self),
        signedInResponder: resolver.resolve(MainViewModel.self))
    }
  }
}
