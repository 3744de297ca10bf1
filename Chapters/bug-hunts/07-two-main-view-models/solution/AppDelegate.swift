// Bug hunt 7 — the app runs, but one of these four files is wrong. Find it with the trace
// (`swift run exercise7 --trace`), fix it, and check: `swift run workbook check 7`.
import KooberKit
import KooberStory
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
  /// Bug hunt 7's composition: chapter 4's hierarchy, with one mistake somewhere.
  public static let exercise = Chapter(
    number: 4, title: "Container hierarchy (bug hunt 7)", makeApp: { AppDelegate() })
}
