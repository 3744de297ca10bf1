/// The app's container: what lives as long as the app, and the factories of the screens.
public final class AppContainer {
  /// The books every screen reads.
  public let catalog = Catalog()
  /// The first of the lesson's two bugs: "remember the last reader, for the next sign-in".
  /// A container that lives as long as the app now keeps each session past its sign-out.
  public private(set) var lastSession: ReaderSession?

  public init() {}

  // MARK: - Factories

  func makeLibraryScreen() -> LibraryScreen {
    LibraryScreen(catalog: catalog)
  }

  /// A child container for one signed-in reader: it copies the catalog, never keeps this one.
  func makeReaderContainer(for session: ReaderSession) -> ReaderContainer {
    lastSession = session
    return ReaderContainer(session: session, catalog: catalog)
  }
}
