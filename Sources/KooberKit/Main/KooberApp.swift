/// The app object of one chapter — the book's `AppDelegate`: what the story launches, and what
/// it drops to quit.
@MainActor public protocol KooberApp: AnyObject {
  /// The root screen the story drives.
  var mainScreen: any MainScreenPresenting { get }
}
