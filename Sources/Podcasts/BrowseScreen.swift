/// The screen everyone sees: the shows.
public final class BrowseScreen {
  let directory: Directory

  init(directory: Directory) {
    self.directory = directory
  }
}
