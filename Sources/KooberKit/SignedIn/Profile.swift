import ObjectTrace

/// The profile screen: who is signed in, and the sign-out button.
@MainActor
public final class ProfileViewModel {
  let lifetime = Lifetime(of: ProfileViewModel.self, scope: .signedIn)
  let userSession: UserSession
  let notSignedInResponder: any NotSignedInResponder
  let doneWithProfileResponder: any DoneWithProfileResponder
  let userSessionRepository: any UserSessionRepository
  /// Why sign-out failed, if it did.
  public private(set) var errorMessage: String?

  /// Creates the profile view model.
  public init(
    userSession: UserSession, notSignedInResponder: any NotSignedInResponder,
    doneWithProfileResponder: any DoneWithProfileResponder,
    userSessionRepository: any UserSessionRepository
  ) {
    self.userSession = userSession
    self.notSignedInResponder = notSignedInResponder
    self.doneWithProfileResponder = doneWithProfileResponder
    self.userSessionRepository = userSessionRepository
  }

  /// The profile shown.
  public var profile: UserProfile { userSession.profile }

  /// The "Sign out" button.
  public func signOut() async {
    do {
      _ = try await userSessionRepository.signOut(userSession: userSession)
      notSignedInResponder.notSignedIn()
    } catch {
      errorMessage = error.screenMessage
    }
  }

  /// The "Done" button.
  public func closeProfile() { doneWithProfileResponder.doneWithProfile() }
}

/// The profile screen; makes its view model when first shown.
@MainActor
public final class ProfileViewController: Screen {
  let lifetime = Lifetime(of: ProfileViewController.self, scope: .signedIn)
  let viewModelFactory: any ProfileViewModelFactory
  /// Its view model, made the first time the screen is shown; `nil` before (like UIKit's
  /// `viewIfLoaded`).
  public private(set) var viewModel: ProfileViewModel?

  /// Creates the profile screen.
  public init(viewModelFactory: any ProfileViewModelFactory) {
    self.viewModelFactory = viewModelFactory
  }

  public var title: String { "Profile" }
  public var notice: String? { viewModel?.errorMessage }
  public func render() {
    if viewModel == nil { viewModel = viewModelFactory.makeProfileViewModel() }
  }
}
