/// A podcast app: a browse screen for everyone, a player for the listener signed in.
///
/// Exercise 11's app. Its objects live in two scopes: the app's (``AppContainer``, the
/// ``Directory``) and one signed-in listener's (``ListenerSession``, ``ListenerContainer``, the
/// ``PlayerScreen``, the ``PlaybackQueue``), which sign-out ends.
public final class PodcastApp {
  /// Lives as long as the app.
  public let container = AppContainer()
  /// The screen on show.
  public private(set) var screen: AnyObject

  public init() {
    screen = container.makeBrowseScreen()
  }

  /// The player on show, when a listener is signed in.
  public var playerScreen: PlayerScreen? { screen as? PlayerScreen }

  /// Signs `name` in: a container for this listener, and its player.
  public func signIn(listener name: String) {
    let listenerContainer = container.makeListenerContainer(for: ListenerSession(name: name))
    screen = listenerContainer.makePlayerScreen()
  }

  /// Back to browsing: the listener's player, container, queue and session go.
  public func signOut() {
    screen = container.makeBrowseScreen()
  }
}
