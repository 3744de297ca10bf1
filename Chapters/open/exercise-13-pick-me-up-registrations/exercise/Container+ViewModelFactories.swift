// A copy of Sources/Chapter6RuntimeContainer/Container+ViewModelFactories.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import KooberKit

// MARK: - View model factories

/// A screen makes its view model the first time it is shown, through a factory: here, the
/// container of the screen's scope, which resolves it.
extension Container: WelcomeViewModelFactory, SignInViewModelFactory, SignUpViewModelFactory,
  ProfileViewModelFactory
{
  public func makeWelcomeViewModel() -> WelcomeViewModel { resolve(WelcomeViewModel.self) }
  public func makeSignInViewModel() -> SignInViewModel { resolve(SignInViewModel.self) }
  public func makeSignUpViewModel() -> SignUpViewModel { resolve(SignUpViewModel.self) }
  public func makeProfileViewModel() -> ProfileViewModel { resolve(ProfileViewModel.self) }
}
