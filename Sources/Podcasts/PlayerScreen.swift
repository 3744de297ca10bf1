/// The signed-in listener's screen: the episode playing, and the queue behind it.
public final class PlayerScreen {
  /// Who is listening.
  public let session: ListenerSession
  /// The screen keeps its container, which makes the screens it opens.
  public let container: ListenerContainer
  /// How long the episode has played.
  public private(set) var secondsPlayed = 0
  /// What the player does each second it plays.
  public var onProgress: (() -> Void)?

  init(session: ListenerSession, container: ListenerContainer) {
    self.session = session
    self.container = container
    if PodcastsBug.planted == .progressKeepsThePlayer {
      onProgress = { self.secondsPlayed += 1 }
    } else {
      onProgress = { [weak self] in self?.secondsPlayed += 1 }
    }
  }

  /// Adds `episode` to the end of the listener's queue.
  public func enqueue(_ episode: String) {
    container.queue().add(episode)
  }

  /// Opens the listener's queue.
  public func openQueue() -> QueueScreen {
    container.makeQueueScreen()
  }
}
