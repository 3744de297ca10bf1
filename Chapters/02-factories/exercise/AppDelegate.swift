// A copy of Sources/Chapter2Factories/AppDelegate.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import KooberChapter
import KooberKit
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
  /// Chapter 2: stateless factories; long-lived objects in globals, passed in as parameters.
  public static let factories: Chapter = Chapter(
    number: 2, title: "Factories",
    makeApp: { AppDelegate() },
    globals: {
      [
        ("GlobalUserSessionRepository", GlobalUserSessionRepository),
        ("GlobalMainViewModel", GlobalMainViewModel),
      ]
    })
}
