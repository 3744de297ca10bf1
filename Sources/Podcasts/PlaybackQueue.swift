/// The episodes one listener will play next.
public final class PlaybackQueue {
  /// Whose queue it is.
  public let listener: ListenerSession
  /// The episodes, first to play first.
  public private(set) var episodes: [String] = []

  init(listener: ListenerSession) {
    self.listener = listener
  }

  func add(_ episode: String) {
    episodes.append(episode)
  }
}
