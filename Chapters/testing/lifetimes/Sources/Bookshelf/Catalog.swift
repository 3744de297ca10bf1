/// The books: one for the whole app.
public final class Catalog {
  public let titles = ["Advanced iOS App Architecture", "The Swift Programming Language"]
}
