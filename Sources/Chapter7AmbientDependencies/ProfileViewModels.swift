import KooberKit
import ObjectTrace

/// The profile screen's view model factory: made at sign-in, inside the scope that set the
/// session, so its `@Dependency` properties keep the session for as long as the screen keeps it.
@MainActor final class ProfileViewModels {
  let lifetime = Lifetime(of: ProfileViewModels.self, scope: .signedIn)

  // MARK: - Read from the ambient values

  @Dependency(UserSessionKey.self) var userSession
  @Dependency(MainViewModelKey.self) var mainViewModel
  @Dependency(SignedInViewModelKey.self) var signedInViewModel
  @Dependency(UserSessionRepositoryKey.self) var userSessionRepository
}

// MARK: - View model factories

extension ProfileViewModels: ProfileViewModelFactory {
  func makeProfileViewModel() -> ProfileViewModel {
    ProfileViewModel(
      userSession: userSession, notSignedInResponder: mainViewModel,
      doneWithProfileResponder: signedInViewModel, userSessionRepository: userSessionRepository)
  }
}
