// A copy of Sources/Chapter3SingleContainer/AppDelegate.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import KooberChapter
import KooberKit
import ObjectTrace

/// Chapter 3's app object: it creates the one container and asks it for the main screen.
@MainActor
public final class AppDelegate: KooberApp {
  let lifetime = Lifetime(of: AppDelegate.self)
  let appContainer = KooberAppDependencyContainer()
  let mainViewController: MainViewController

  /// Launches the app.
  public init() {
    mainViewController = appContainer.makeMainViewController()
  }

  public var mainScreen: any MainScreenPresenting { mainViewController }
}

extension Chapter {
  /// Chapter 3: one stateful container, no globals.
  public static let singleContainer: Chapter = Chapter(
    number: 3, title: "Single container", makeApp: { AppDelegate() })
}
