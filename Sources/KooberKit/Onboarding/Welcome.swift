import ObjectTrace

/// The welcome screen's two buttons.
@MainActor
public final class WelcomeViewModel {
  let lifetime = Lifetime(of: WelcomeViewModel.self, scope: .onboarding)
  let goToSignUpNavigator: any GoToSignUpNavigator
  let goToSignInNavigator: any GoToSignInNavigator

  /// Creates the welcome view model.
  public init(
    goToSignUpNavigator: any GoToSignUpNavigator, goToSignInNavigator: any GoToSignInNavigator
  ) {
    self.goToSignUpNavigator = goToSignUpNavigator
    self.goToSignInNavigator = goToSignInNavigator
  }

  /// The "Sign up" button.
  public func showSignUpView() { goToSignUpNavigator.navigateToSignUp() }

  /// The "Sign in" button.
  public func showSignInView() { goToSignInNavigator.navigateToSignIn() }
}

/// The welcome screen; makes its view model when first shown.
@MainActor
public final class WelcomeViewController: Screen {
  let lifetime = Lifetime(of: WelcomeViewController.self, scope: .onboarding)
  let viewModelFactory: any WelcomeViewModelFactory
  /// Its view model, made the first time the screen is shown; `nil` before (like UIKit's
  /// `viewIfLoaded`).
  public private(set) var viewModel: WelcomeViewModel?

  /// Creates the welcome screen.
  public init(viewModelFactory: any WelcomeViewModelFactory) {
    self.viewModelFactory = viewModelFactory
  }

  public var title: String { "Welcome" }
  public func render() {
    if viewModel == nil { viewModel = viewModelFactory.makeWelcomeViewModel() }
  }
}
