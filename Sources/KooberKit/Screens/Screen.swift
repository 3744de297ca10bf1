// MARK: - Screens without UIKit
//
// UIKit does not exist on Linux, so a "view controller" here is a plain main-actor class with a
// tiny presentation model: it shows at most one child screen, and `render()` brings what it shows
// up to date with its view model — the work UIKit bindings would do on the next run-loop turn.

/// A view controller: shows one screen, and perhaps a child screen inside it.
@MainActor public protocol Screen: AnyObject {
  /// What the user would read in the title bar, e.g. `Welcome`.
  var title: String { get }
  /// The child screen shown inside this one, if any.
  var shownChild: (any Screen)? { get }
  /// A message shown on this screen (an error), if any.
  var notice: String? { get }
  /// Updates what is shown from the view model, then renders the shown child.
  func render()
}

extension Screen {
  public var shownChild: (any Screen)? { nil }
  public var notice: String? { nil }

  /// This screen and its shown children, outermost first.
  public var shownPath: [any Screen] {
    [self] + (shownChild?.shownPath ?? [])
  }

  /// `Main › Onboarding › Sign in (Incorrect email or password.)`: what a user sees.
  public var shownDescription: String {
    shownPath.map { screen in
      screen.notice.map { "\(screen.title) (\($0))" } ?? screen.title
    }.joined(separator: " › ")
  }

  /// The innermost shown screen of type `S`, if one is shown.
  public func shown<S: Screen>(_ type: S.Type) -> S? {
    shownPath.lazy.compactMap { $0 as? S }.last
  }
}
