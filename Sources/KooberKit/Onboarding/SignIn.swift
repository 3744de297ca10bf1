import ObjectTrace

/// The sign-in form.
@MainActor
public final class SignInViewModel {
  let lifetime = Lifetime(of: SignInViewModel.self, scope: .onboarding)
  let userSessionRepository: any UserSessionRepository
  let signedInResponder: any SignedInResponder
  /// What the user typed as email.
  public var email = ""
  /// What the user typed as password (never printed).
  public var password = Secret("")
  /// Why the last attempt failed, shown under the form.
  public private(set) var errorMessage: String?

  /// Creates the sign-in view model.
  public init(
    userSessionRepository: any UserSessionRepository, signedInResponder: any SignedInResponder
  ) {
    self.userSessionRepository = userSessionRepository
    self.signedInResponder = signedInResponder
  }

  /// The "Sign in" button: signs in, or shows why it could not.
  public func signIn() async {
    do {
      let userSession = try await userSessionRepository.signIn(email: email, password: password)
      errorMessage = nil
      signedInResponder.signedIn(to: userSession)
    } catch {
      errorMessage = error.screenMessage
    }
  }
}

/// The sign-in screen; makes its view model when first shown.
@MainActor
public final class SignInViewController: Screen {
  let lifetime = Lifetime(of: SignInViewController.self, scope: .onboarding)
  let viewModelFactory: any SignInViewModelFactory
  /// Its view model, made the first time the screen is shown; `nil` before (like UIKit's
  /// `viewIfLoaded`).
  public private(set) var viewModel: SignInViewModel?

  /// Creates the sign-in screen.
  public init(viewModelFactory: any SignInViewModelFactory) {
    self.viewModelFactory = viewModelFactory
  }

  public var title: String { "Sign in" }
  public var notice: String? { viewModel?.errorMessage }
  public func render() {
    if viewModel == nil { viewModel = viewModelFactory.makeSignInViewModel() }
  }
}
