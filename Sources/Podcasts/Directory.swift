/// The shows: one directory for the whole app.
public final class Directory {
  /// Every show's title.
  public let shows = ["Swift by Sundell", "Stacktrace", "Under the Radar"]
}
