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
    let screen = Screen()
    made.insert(ObjectIdentifier(screen))
    return screen
  }

  /// Whether this framework made `screen` since ``forgetScreens()``: a screen the app made
  /// itself, with `init()` in its own code, is not one a real framework would show (exercise 15's
  /// check asks, of the screen it is given while that screen is alive).
  public static func madeScreen(_ screen: AnyObject) -> Bool {
    made.contains(ObjectIdentifier(screen))
  }

  /// Forgets the screens made so far, so that an identity a released screen had cannot be taken
  /// for a later one's.
  public static func forgetScreens() { made = [] }

  /// The identities of the screens it made. An identity keeps nothing alive.
  private static var made: Set<ObjectIdentifier> = []
}
