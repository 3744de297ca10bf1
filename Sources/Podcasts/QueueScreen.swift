/// The listener's queue, on screen.
public final class QueueScreen {
  /// The queue it shows.
  public let queue: PlaybackQueue

  init(queue: PlaybackQueue) {
    self.queue = queue
  }
}
