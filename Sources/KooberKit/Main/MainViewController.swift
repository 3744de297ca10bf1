import ObjectTrace

/// The app's root screen; it makes onboarding and signed-in screens with the factories it is
/// given, so it knows nothing about how they are assembled.
@MainActor
public final class MainViewController: MainScreenPresenting {
  let lifetime = Lifetime(of: MainViewController.self)
  public let viewModel: MainViewModel
  public let launchViewController: LaunchViewController
  let onboardingViewControllerFactory: () -> OnboardingViewController
  let signedInViewControllerFactory: (UserSession) -> SignedInViewController
  public var child: (any Screen)?

  /// Creates the main screen.
  public init(
    viewModel: MainViewModel, launchViewController: LaunchViewController,
    onboardingViewControllerFactory: @escaping () -> OnboardingViewController,
    signedInViewControllerFactory: @escaping (UserSession) -> SignedInViewController
  ) {
    self.viewModel = viewModel
    self.launchViewController = launchViewController
    self.onboardingViewControllerFactory = onboardingViewControllerFactory
    self.signedInViewControllerFactory = signedInViewControllerFactory
  }

  public func makeOnboardingViewController() -> OnboardingViewController {
    onboardingViewControllerFactory()
  }

  public func makeSignedInViewController(userSession: UserSession) -> SignedInViewController {
    signedInViewControllerFactory(userSession)
  }
}
