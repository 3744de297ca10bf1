import KooberKit
import KooberStory
import ObjectTrace

/// Chapter 2's app object: asks the factories for the main screen, handing them the globals.
@MainActor
public final class AppDelegate: KooberApp {
  let lifetime = Lifetime(of: AppDelegate.self)
  let mainViewController: MainViewController

  /// Launches the app.
  public init() {
    mainViewController = KooberObjectFactories().makeMainViewController(
      viewModel: GlobalMainViewModel, userSessionRepository: GlobalUserSessionRepository)
  }

  public var mainScreen: any MainScreenPresenting { mainViewController }
}

extension Chapter {
  /// Exercise 2's composition: chapter 2's, with your signed-in factory methods.
  public static let exercise = Chapter(
    number: 2, title: "Factories (exercise 2)",
    makeApp: { AppDelegate() },
    globals: {
      [
        ("GlobalUserSessionRepository", GlobalUserSessionRepository),
        ("GlobalMainViewModel", GlobalMainViewModel),
      ]
    })
}
