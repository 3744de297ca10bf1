/// The signed-in reader's screen: the book open, and a page counter.
public final class ReaderScreen {
  public let session: ReaderSession
  let catalog: Catalog
  /// The screen keeps its container alive, as a screen keeps its view-model factory.
  let container: ReaderContainer
  public private(set) var pagesRead = 0
  /// What turning a page does.
  public var onPageTurn: (() -> Void)?

  init(session: ReaderSession, catalog: Catalog, container: ReaderContainer) {
    self.session = session
    self.catalog = catalog
    self.container = container
    // The second bug: the closure the screen stores captures the screen itself, strongly.
    onPageTurn = { self.pagesRead += 1 }
  }
}
