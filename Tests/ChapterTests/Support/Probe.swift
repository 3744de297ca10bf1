import KooberStory
import ObjectTrace

@testable import KooberKit

/// Weak references to objects seen earlier in a story, to prove later that they were released
/// (or were not). Weak, so looking never changes what is alive.
@MainActor
final class Sightings {
  weak var firstOnboardingViewModel: OnboardingViewModel?
  weak var firstOnboardingViewController: OnboardingViewController?
  weak var firstUserSession: UserSession?
  weak var firstSignedInViewModel: SignedInViewModel?
  weak var repository: (any UserSessionRepository)?
  weak var mainViewModel: MainViewModel?

  /// Remembers what a chapter-agnostic look at `app` finds at `moment`.
  func look(at moment: Story.Moment, in app: (any KooberApp)?) {
    guard let main = app?.mainScreen else { return }
    if moment == .endOf(.launch) {
      firstOnboardingViewModel = main.shown(OnboardingViewController.self)?.viewModel
      firstOnboardingViewController = main.shown(OnboardingViewController.self)
      repository = main.launchViewController.viewModel.userSessionRepository
      mainViewModel = main.viewModel
    }
    if moment == .endOf(.signUp), let signedIn = main.shown(SignedInViewController.self) {
      firstUserSession = signedIn.userSession
      firstSignedInViewModel = signedIn.viewModel
    }
  }
}
