import KooberKit
import ObjectTrace

/// One signed-in session's container: born at sign-in, gone at sign-out, with the session.
///
/// The `UserSession` that did not exist at launch is simply an initializer argument here, so the
/// session and the signed-in view model are non-optional `let`s.
@MainActor
public final class KooberSignedInDependencyContainer {
  let lifetime = Lifetime(
    of: KooberSignedInDependencyContainer.self, scope: .signedIn, role: .container)

  // MARK: - From the parent container

  let sharedUserSessionRepository: any UserSessionRepository
  let sharedMainViewModel: MainViewModel

  // MARK: - Long-lived within the session

  let userSession: UserSession
  let sharedSignedInViewModel: SignedInViewModel

  /// Creates the container for `userSession`.
  public init(userSession: UserSession, appDependencyContainer: KooberAppDependencyContainer) {
    func makeSignedInViewModel() -> SignedInViewModel {
      SignedInViewModel()
    }

    self.sharedUserSessionRepository = appDependencyContainer.sharedUserSessionRepository
    self.sharedMainViewModel = appDependencyContainer.sharedMainViewModel
    self.userSession = userSession
    self.sharedSignedInViewModel = makeSignedInViewModel()
  }

  // MARK: - Signed in

  /// The signed-in screens.
  public func makeSignedInViewController() -> SignedInViewController {
    SignedInViewController(
      viewModel: sharedSignedInViewModel, userSession: userSession,
      profileViewController: makeProfileViewController())
  }

  /// The profile screen; this container is its view model factory.
  public func makeProfileViewController() -> ProfileViewController {
    ProfileViewController(viewModelFactory: self)
  }
}

// MARK: - View model factories

extension KooberSignedInDependencyContainer: ProfileViewModelFactory {
  public func makeProfileViewModel() -> ProfileViewModel {
    ProfileViewModel(
      userSession: userSession, notSignedInResponder: sharedMainViewModel,
      doneWithProfileResponder: sharedSignedInViewModel,
      userSessionRepository: sharedUserSessionRepository)
  }
}
