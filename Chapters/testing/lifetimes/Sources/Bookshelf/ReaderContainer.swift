/// One signed-in reader's container: made at sign-in, released with the reader's screen.
public final class ReaderContainer {
  let session: ReaderSession
  let catalog: Catalog

  init(session: ReaderSession, catalog: Catalog) {
    self.session = session
    self.catalog = catalog
  }

  // MARK: - Factories

  func makeReaderScreen() -> ReaderScreen {
    ReaderScreen(session: session, catalog: catalog, container: self)
  }
}
