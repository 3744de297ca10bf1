/// The screen everyone sees: the catalog.
public final class LibraryScreen {
  let catalog: Catalog

  init(catalog: Catalog) {
    self.catalog = catalog
  }
}
