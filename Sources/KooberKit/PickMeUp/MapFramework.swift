// MARK: - A framework that makes the screen itself

/// A screen that a map framework makes and drives, as UIKit's storyboards make a view
/// controller: the framework calls `init()` itself, so nothing can be passed in `init`, and it
/// later shows the screen and tells it what the rider did.
///
/// Exercise 15's map of the pickup spot adopts it. No chapter's composition uses it: every
/// chapter's screens are made by `init` with their dependencies.
@MainActor public protocol MapFrameworkScreen: AnyObject {
  /// What the framework calls to make the screen: no parameters.
  init()
  /// Draws the screen: the framework calls it each time the screen is shown.
  func render()
  /// What the screen says is wrong, if anything: shown above the map.
  var notice: String? { get }
  /// Where the screen shows the pickup pin now; `nil` while it shows none.
  var shownPin: Location? { get }
  /// The rider dragged the pin to `location`.
  func pinDragged(to location: Location)
}

/// The map framework's side: it makes a screen with the one initializer it knows.
@MainActor public enum MapFramework {
  /// A new screen of `type`, made as the framework makes it: `init()`, nothing set.
  public static func makeScreen<Screen: MapFrameworkScreen>(_ type: Screen.Type) -> Screen {
    Screen()
  }
}
