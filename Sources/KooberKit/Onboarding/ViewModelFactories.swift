// MARK: - View model factories
//
// A screen that makes its view model when it is first shown holds a factory for it. In the
// container chapters the factory is the container itself — which is what keeps a scope's
// container alive exactly as long as its screens.

/// Makes the welcome screen's view model.
@MainActor public protocol WelcomeViewModelFactory {
  /// A new welcome view model.
  func makeWelcomeViewModel() -> WelcomeViewModel
}

/// Makes the sign-in screen's view model.
@MainActor public protocol SignInViewModelFactory {
  /// A new sign-in view model.
  func makeSignInViewModel() -> SignInViewModel
}

/// Makes the sign-up screen's view model.
@MainActor public protocol SignUpViewModelFactory {
  /// A new sign-up view model.
  func makeSignUpViewModel() -> SignUpViewModel
}

/// Makes the profile screen's view model.
@MainActor public protocol ProfileViewModelFactory {
  /// A new profile view model.
  func makeProfileViewModel() -> ProfileViewModel
}

/// A view model factory made of a closure, for compositions without a container
/// (chapters 1 and 2): `MakeViewModel { WelcomeViewModel(…) }`.
public struct MakeViewModel<ViewModel> {
  let make: @MainActor () -> ViewModel

  /// Wraps a closure that makes a view model.
  public init(_ make: @escaping @MainActor () -> ViewModel) { self.make = make }
}

extension MakeViewModel: WelcomeViewModelFactory where ViewModel == WelcomeViewModel {
  public func makeWelcomeViewModel() -> WelcomeViewModel { make() }
}

extension MakeViewModel: SignInViewModelFactory where ViewModel == SignInViewModel {
  public func makeSignInViewModel() -> SignInViewModel { make() }
}

extension MakeViewModel: SignUpViewModelFactory where ViewModel == SignUpViewModel {
  public func makeSignUpViewModel() -> SignUpViewModel { make() }
}

extension MakeViewModel: ProfileViewModelFactory where ViewModel == ProfileViewModel {
  public func makeProfileViewModel() -> ProfileViewModel { make() }
}
