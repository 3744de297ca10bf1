// A copy of Sources/Chapter7AmbientDependencies/AppDelegate.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import KooberChapter
import KooberKit
import ObjectTrace

/// Chapter 7's app object: it makes the app's live values and the main screen inside a scope
/// whose values read them, and keeps neither the values nor any container — whatever it made
/// keeps the values it was made with.
@MainActor
public final class AppDelegate: KooberApp {
  let lifetime = Lifetime(of: AppDelegate.self)
  let mainViewController: MainViewController

  /// Launches the app: `makeMainScreen` makes the main screen (a mistake's, in `AmbientMistake`)
  /// inside a scope whose values read new live values.
  init(
    makeMainScreen: () -> MainViewController = { KooberScreens.makeMainViewController() }
  ) {
    let liveValues = LiveValues()
    mainViewController = withDependencies {
      $0 = DependencyValues(live: liveValues)
    } operation: {
      makeMainScreen()
    }
  }

  public var mainScreen: any MainScreenPresenting { mainViewController }
}

extension Chapter {
  /// Chapter 7: chapter 4's scopes, each a set of ambient values its objects capture.
  public static let ambientDependencies: Chapter = Chapter(
    number: 7, title: "Ambient dependencies", makeApp: { AppDelegate() })
}
