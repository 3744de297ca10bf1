// A copy of Sources/Chapter1OnDemand/AppDelegate.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import KooberChapter
import KooberKit
import ObjectTrace

/// Chapter 1's app object: it builds the launch graph inline, right where it is needed.
@MainActor
public final class AppDelegate: KooberApp {
  let lifetime = Lifetime(of: AppDelegate.self)
  let mainViewController: MainViewController

  /// Launches the app: builds the main view model, the launch screen and the main screen.
  public init() {
    let mainViewModel = MainViewModel()
    let launchViewModel = LaunchViewModel(
      userSessionRepository: GlobalUserSessionRepository,
      notSignedInResponder: mainViewModel,
      signedInResponder: mainViewModel)
    let launchViewController = LaunchViewController(viewModel: launchViewModel)
    mainViewController = MainViewController(
      viewModel: mainViewModel, launchViewController: launchViewController)
  }

  public var mainScreen: any MainScreenPresenting { mainViewController }
}

extension Chapter {
  /// Chapter 1: objects built on demand, where they are used, with a global repository.
  public static let onDemand: Chapter = Chapter(
    number: 1, title: "On-demand",
    makeApp: { AppDelegate() },
    globals: { [("GlobalUserSessionRepository", GlobalUserSessionRepository)] })
}
