// A copy of Sources/Chapter4ContainerHierarchy/AppDelegate.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import KooberChapter
import KooberKit
import ObjectTrace

/// Chapter 4's app object: it creates the app-scope container and asks it for the main screen.
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
  /// Chapter 4: an app container and a child container per onboarding and per session.
  public static let containerHierarchy: Chapter = Chapter(
    number: 4, title: "Container hierarchy", makeApp: { AppDelegate() })
}
