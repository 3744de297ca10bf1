/// A reading app: a library screen for everyone, a reader screen for the reader signed in.
public final class BookshelfApp {
  /// Lives as long as the app.
  public let container = AppContainer()
  /// The screen on show.
  public private(set) var screen: AnyObject

  public init() {
    screen = container.makeLibraryScreen()
  }

  /// The reader screen on show, if it is the reader's.
  public var readerScreen: ReaderScreen? { screen as? ReaderScreen }

  /// Signs `name` in: a new reader container for this reader, and its screen.
  public func signIn(reader name: String) {
    let readerContainer = container.makeReaderContainer(for: ReaderSession(reader: name))
    screen = readerContainer.makeReaderScreen()
  }

  /// Back to the library: the reader's screen and container go, and so should the session.
  public func signOut() {
    screen = container.makeLibraryScreen()
  }
}
