/// A reading app: a signed-in reader gets a session and a screen; signing out should let both go.
public final class BookshelfApp {
  public let store = SessionStore()
  public private(set) var readerScreen: ReaderScreen?

  public init() {}

  public var session: ReaderSession? { store.current }

  public func signIn(name: String) {
    let session = ReaderSession(name: name)
    store.current = session
    readerScreen = ReaderScreen(session: session)
  }

  /// The bug: the screen goes, the store keeps the session.
  public func signOut() {
    readerScreen = nil
  }
}

/// Where the app keeps the signed-in reader's session.
public final class SessionStore {
  public var current: ReaderSession?
}

/// One signed-in reader.
public final class ReaderSession {
  public let name: String
  init(name: String) { self.name = name }
}

/// The screen of a signed-in reader.
public final class ReaderScreen {
  public let session: ReaderSession
  init(session: ReaderSession) { self.session = session }
}
