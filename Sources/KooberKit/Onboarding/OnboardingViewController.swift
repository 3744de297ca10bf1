import ObjectTrace

/// Onboarding: shows welcome, sign in or sign up, as its view model says.
///
/// Its presence is the onboarding scope: objects of that scope alive while no onboarding screen
/// is shown are stale.
@MainActor
public final class OnboardingViewController: Screen {
  let lifetime = Lifetime(of: OnboardingViewController.self, scope: .onboarding, role: .scopeScreen)
  /// Onboarding's navigation state.
  public let viewModel: OnboardingViewModel
  /// The first screen.
  public let welcomeViewController: WelcomeViewController
  /// The sign-in form.
  public let signInViewController: SignInViewController
  /// The sign-up form.
  public let signUpViewController: SignUpViewController

  /// Creates onboarding with its three screens.
  public init(
    viewModel: OnboardingViewModel, welcomeViewController: WelcomeViewController,
    signInViewController: SignInViewController, signUpViewController: SignUpViewController
  ) {
    self.viewModel = viewModel
    self.welcomeViewController = welcomeViewController
    self.signInViewController = signInViewController
    self.signUpViewController = signUpViewController
  }

  public var title: String { "Onboarding" }

  public var shownChild: (any Screen)? {
    switch viewModel.view {
    case .welcome: welcomeViewController
    case .signIn: signInViewController
    case .signUp: signUpViewController
    }
  }

  public func render() { shownChild?.render() }
}
