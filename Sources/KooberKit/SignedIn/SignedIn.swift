import ObjectTrace

/// Which signed-in screen is shown.
public enum SignedInView: Sendable, Equatable {
  /// The home screen (the book's pick-me-up map).
  case home
  /// The profile, presented over home.
  case profile
}

/// The signed-in screens' state; the responder that closes the profile.
@MainActor
public final class SignedInViewModel: DoneWithProfileResponder {
  let lifetime = Lifetime(of: SignedInViewModel.self, scope: .signedIn, onePerScope: true)
  /// The screen shown.
  public private(set) var view: SignedInView = .home

  /// Creates the signed-in state, on home.
  public init() {}

  /// The profile button.
  public func showProfile() { view = .profile }

  public func doneWithProfile() { view = .home }
}

/// The signed-in screens: home, with the profile presented over it when asked.
///
/// Its presence is the signed-in scope.
@MainActor
public final class SignedInViewController: Screen {
  let lifetime = Lifetime(of: SignedInViewController.self, scope: .signedIn, role: .scopeScreen)
  /// The signed-in state.
  public let viewModel: SignedInViewModel
  /// Whose screens these are.
  public let userSession: UserSession
  /// The profile screen.
  public let profileViewController: ProfileViewController

  /// Creates the signed-in screens.
  public init(
    viewModel: SignedInViewModel, userSession: UserSession,
    profileViewController: ProfileViewController
  ) {
    self.viewModel = viewModel
    self.userSession = userSession
    self.profileViewController = profileViewController
  }

  public var title: String { "Signed in as \(userSession.profile.nickname)" }

  public var shownChild: (any Screen)? {
    viewModel.view == .profile ? profileViewController : nil
  }

  public func render() { shownChild?.render() }
}
