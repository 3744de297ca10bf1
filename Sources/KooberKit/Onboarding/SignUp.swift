import ObjectTrace

/// The sign-up form.
@MainActor
public final class SignUpViewModel {
  let lifetime = Lifetime(of: SignUpViewModel.self, scope: .onboarding)
  let userSessionRepository: any UserSessionRepository
  let signedInResponder: any SignedInResponder
  /// What the user typed as full name.
  public var name = ""
  /// What the user typed as nickname.
  public var nickname = ""
  /// What the user typed as email.
  public var email = ""
  /// What the user typed as phone number.
  public var mobileNumber = ""
  /// What the user typed as password (never printed).
  public var password = Secret("")
  /// Why the last attempt failed, shown under the form.
  public private(set) var errorMessage: String?

  /// Creates the sign-up view model.
  public init(
    userSessionRepository: any UserSessionRepository, signedInResponder: any SignedInResponder
  ) {
    self.userSessionRepository = userSessionRepository
    self.signedInResponder = signedInResponder
  }

  /// The "Sign up" button: creates the account and signs in, or shows why it could not.
  public func signUp() async {
    let newAccount = NewAccount(
      fullName: name, nickname: nickname, email: email, mobileNumber: mobileNumber,
      password: password)
    do {
      let userSession = try await userSessionRepository.signUp(newAccount: newAccount)
      errorMessage = nil
      signedInResponder.signedIn(to: userSession)
    } catch {
      errorMessage = error.screenMessage
    }
  }
}

/// The sign-up screen; makes its view model when first shown.
@MainActor
public final class SignUpViewController: Screen {
  let lifetime = Lifetime(of: SignUpViewController.self, scope: .onboarding)
  let viewModelFactory: any SignUpViewModelFactory
  /// Its view model, made the first time the screen is shown; `nil` before (like UIKit's
  /// `viewIfLoaded`).
  public private(set) var viewModel: SignUpViewModel?

  /// Creates the sign-up screen.
  public init(viewModelFactory: any SignUpViewModelFactory) {
    self.viewModelFactory = viewModelFactory
  }

  public var title: String { "Sign up" }
  public var notice: String? { viewModel?.errorMessage }
  public func render() {
    if viewModel == nil { viewModel = viewModelFactory.makeSignUpViewModel() }
  }
}
