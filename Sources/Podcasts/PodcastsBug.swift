/// A mistake `workbook check 11` plants in the app, to see whether your tests notice: each is a
/// lifetime bug a real app has had.
public enum PodcastsBug: String, CaseIterable, Sendable {
  /// The app's container remembers the last listener's session "for the next sign-in": the
  /// session outlives sign-out.
  case keepsTheLastSession = "keeps-the-last-session"
  /// The player's `onProgress` closure captures the player strongly: a retain cycle, and the
  /// player, its container and the session outlive sign-out.
  case progressKeepsThePlayer = "progress-keeps-the-player"
  /// The queue is registered `.cached` in the app's registry instead of the listener's: the app
  /// keeps it (and its listener) after sign-out.
  case queueCachedInTheAppContainer = "queue-cached-in-the-app-container"
  /// The queue is registered `.weak`: nothing holds it between two uses, so it is released and
  /// the next `resolve` makes an empty one.
  case queueRegisteredWeak = "queue-registered-weak"

  /// The bug planted in the app while this task runs, `nil` for the real app. Exercise 11's
  /// program sets it around your tests; the workbook's own tests set it around theirs.
  @TaskLocal public static var planted: PodcastsBug?
}
