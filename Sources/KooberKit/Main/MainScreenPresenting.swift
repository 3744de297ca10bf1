/// The main screen's one job, shared by every chapter's main view controller: show the launch
/// screen, onboarding or the signed-in screens, whichever ``MainViewModel/view`` asks for.
///
/// How the onboarding and signed-in screens are made is the conformer's business — that is the
/// part the chapters do differently.
@MainActor public protocol MainScreenPresenting: Screen {
  /// The app's main view model.
  var viewModel: MainViewModel { get }
  /// The launch screen, shown first.
  var launchViewController: LaunchViewController { get }
  /// The child shown now.
  var child: (any Screen)? { get set }
  /// Makes a new onboarding screen.
  func makeOnboardingViewController() -> OnboardingViewController
  /// Makes the signed-in screens for `userSession`.
  func makeSignedInViewController(userSession: UserSession) -> SignedInViewController
}

extension MainScreenPresenting {
  public var title: String { "Main" }
  public var shownChild: (any Screen)? { child }
  /// Why the saved session could not be read, shown over whatever comes next (the book's alert).
  public var notice: String? { launchViewController.viewModel.errorMessage }

  /// Shows what the view model asks for. A new onboarding or signed-in screen is made only when
  /// the one shown is not the right one; the one it replaces is dropped.
  public func render() {
    switch viewModel.view {
    case .launching:
      if child !== launchViewController { child = launchViewController }
    case .onboarding:
      if !(child is OnboardingViewController) { child = makeOnboardingViewController() }
    case .signedIn(let userSession):
      if (child as? SignedInViewController)?.userSession !== userSession {
        child = makeSignedInViewController(userSession: userSession)
      }
    }
    child?.render()
  }
}
