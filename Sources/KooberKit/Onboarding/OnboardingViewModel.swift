import ObjectTrace

/// Which onboarding screen is shown.
public enum OnboardingView: Sendable, Equatable {
  /// The welcome screen, first.
  case welcome
  /// The sign-in form.
  case signIn
  /// The sign-up form.
  case signUp
}

/// Onboarding's navigation state: the one navigator for the welcome screen's two buttons.
@MainActor
public final class OnboardingViewModel: GoToSignUpNavigator, GoToSignInNavigator {
  let lifetime = Lifetime(
    of: OnboardingViewModel.self, scope: .onboarding, onePerScope: true)
  /// The screen onboarding shows.
  public private(set) var view: OnboardingView = .welcome

  /// Creates onboarding's state, on the welcome screen.
  public init() {}

  public func navigateToSignUp() { view = .signUp }

  public func navigateToSignIn() { view = .signIn }

  /// The navigation bar's back button: back to welcome.
  public func navigateBack() { view = .welcome }
}
