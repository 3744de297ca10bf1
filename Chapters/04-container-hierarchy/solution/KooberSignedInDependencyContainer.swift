// Exercise 4 — your file. Write the signed-in scope's container: born when a user signs in,
// released with the signed-in screens when they sign out.
// Check it with `swift run workbook check 4`; stuck? `swift run workbook hint 4`.
import KooberKit
import KooberRules
import ObjectTrace

/// One signed-in session's container: born at sign-in, gone at sign-out, with the session.
// exercise: begin
///
/// The `UserSession` that did not exist at launch is simply an initializer argument here, so the
/// session and the signed-in view model are non-optional `let`s.
// exercise: starter
// exercise: end
@MainActor
public final class KooberSignedInDependencyContainer {
  // exercise: begin
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
  // exercise: starter
  // /// Creates the container for `userSession`; `KooberAppDependencyContainer` calls this when a
  // /// user signs in.
  // public init(userSession: UserSession, appDependencyContainer: KooberAppDependencyContainer) {
  //   todo(
  //     "keep the session; copy what the signed-in screens need from the app container",
  //     ko: "세션을 보관하고, 로그인 후 화면들에 필요한 것을 앱 컨테이너에서 복사해 오세요")
  // }
  //
  // /// The signed-in screens; `KooberAppDependencyContainer` calls this right after `init`.
  // public func makeSignedInViewController() -> SignedInViewController {
  //   todo(
  //     "make the signed-in screens: a SignedInViewController with its profile screen",
  //     ko: "로그인 후 화면들을 만드세요: 프로필 화면을 가진 SignedInViewController")
  // }
  // exercise: end
}

// exercise: begin
// MARK: - View model factories

extension KooberSignedInDependencyContainer: ProfileViewModelFactory {
  public func makeProfileViewModel() -> ProfileViewModel {
    ProfileViewModel(
      userSession: userSession, notSignedInResponder: sharedMainViewModel,
      doneWithProfileResponder: sharedSignedInViewModel,
      userSessionRepository: sharedUserSessionRepository)
  }
}
// exercise: starter
// exercise: end
