import ObjectTrace

/// What the main screen shows. Two views are equal when they show the same thing, the same
/// session object for `signedIn`, so that a test can `#expect(mainViewModel.view == .onboarding)`.
public enum MainView: Sendable, Equatable {
  /// Reading the saved session.
  case launching
  /// Nobody is signed in.
  case onboarding
  /// A user is signed in.
  case signedIn(UserSession)

  /// Whether `left` and `right` show the same thing: for `signedIn`, the same session object.
  public static func == (left: MainView, right: MainView) -> Bool {
    switch (left, right) {
    case (.launching, .launching), (.onboarding, .onboarding): true
    case (.signedIn(let one), .signedIn(let other)): one === other
    default: false
    }
  }
}

/// The app's top-level state: the one responder for launch, sign-in, sign-up and sign-out.
@MainActor
public final class MainViewModel: NotSignedInResponder, SignedInResponder {
  let lifetime = Lifetime(of: MainViewModel.self, onePerScope: true)
  /// What the main screen should show.
  public private(set) var view: MainView = .launching

  /// Creates a view model in the launching state.
  public init() {}

  public func notSignedIn() { view = .onboarding }

  public func signedIn(to userSession: UserSession) { view = .signedIn(userSession) }
}
