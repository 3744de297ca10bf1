import ObjectTrace

/// Which signed-in screen is shown.
public enum SignedInView: Sendable, Equatable {
  /// The home screen (the book's pick-me-up map).
  case home
  /// The profile, presented over home.
  case profile
  /// A ride request from `pickupLocation`, presented over home.
  case pickMeUp(pickupLocation: Location)
}

/// The signed-in screens' state; the responder that closes the profile and a ride request.
@MainActor
public final class SignedInViewModel: DoneWithProfileResponder, DoneRequestingRideResponder {
  let lifetime = Lifetime(of: SignedInViewModel.self, scope: .signedIn, onePerScope: true)
  /// The screen shown.
  public private(set) var view: SignedInView = .home

  /// Creates the signed-in state, on home.
  public init() {}

  /// The profile button.
  public func showProfile() { view = .profile }

  public func doneWithProfile() { view = .home }

  /// The "Pick me up" button: opens a ride request from `pickupLocation`.
  public func pickMeUp(at pickupLocation: Location) {
    view = .pickMeUp(pickupLocation: pickupLocation)
  }

  public func doneRequestingRide() { view = .home }
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
  /// Makes each ride request's screens; `nil` in the chapters, whose signed-in screens stop at
  /// the profile.
  let pickMeUpViewControllerFactory: (any PickMeUpViewControllerFactory)?
  /// The open ride request's screen: made when a request opens, dropped when it ends.
  public private(set) var pickMeUpViewController: PickMeUpViewController?

  /// Creates the signed-in screens; with a `pickMeUpViewControllerFactory`, they can request
  /// rides.
  public init(
    viewModel: SignedInViewModel, userSession: UserSession,
    profileViewController: ProfileViewController,
    pickMeUpViewControllerFactory: (any PickMeUpViewControllerFactory)? = nil
  ) {
    self.viewModel = viewModel
    self.userSession = userSession
    self.profileViewController = profileViewController
    self.pickMeUpViewControllerFactory = pickMeUpViewControllerFactory
  }

  public var title: String { "Signed in as \(userSession.profile.nickname)" }

  public var shownChild: (any Screen)? {
    switch viewModel.view {
    case .home: nil
    case .profile: profileViewController
    case .pickMeUp: pickMeUpViewController
    }
  }

  public func render() {
    if case .pickMeUp(let pickupLocation) = viewModel.view {
      if pickMeUpViewController == nil {
        pickMeUpViewController = pickMeUpViewControllerFactory?.makePickMeUpViewController(
          pickupLocation: pickupLocation)
      }
    } else {
      pickMeUpViewController = nil
    }
    shownChild?.render()
  }
}
