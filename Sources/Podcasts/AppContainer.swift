/// The app's container: what lives as long as the app, and the factories of its screens.
public final class AppContainer {
  /// The shows every screen lists.
  public let directory = Directory()
  /// The app's registrations, which every listener's registry falls back on.
  public let registry = Registry()
  /// Set only when `workbook check 11` plants ``PodcastsBug/keepsTheLastSession``.
  private(set) var lastSession: ListenerSession?

  public init() {
    registry.register(Downloads.self, scope: .cached) { Downloads() }
  }

  // MARK: - Factories

  func makeBrowseScreen() -> BrowseScreen {
    BrowseScreen(directory: directory)
  }

  /// A child container for one signed-in listener: its registry falls back on this one's
  /// registry, and it keeps nothing else of this container but the directory.
  func makeListenerContainer(for session: ListenerSession) -> ListenerContainer {
    if PodcastsBug.planted == .keepsTheLastSession { lastSession = session }
    return ListenerContainer(session: session, directory: directory, appRegistry: registry)
  }
}
