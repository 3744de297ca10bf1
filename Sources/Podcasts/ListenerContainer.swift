/// One signed-in listener's container: made at sign-in, released with the listener's player.
public final class ListenerContainer {
  /// Who is signed in.
  public let session: ListenerSession
  let directory: Directory
  /// The listener's registrations, under the app's.
  public let registry: Registry

  init(session: ListenerSession, directory: Directory, appRegistry: Registry) {
    self.session = session
    self.directory = directory
    registry = Registry(parent: appRegistry)
    // One queue per listener, kept as long as the listener is signed in.
    let bug = PodcastsBug.planted
    (bug == .queueCachedInTheAppContainer ? appRegistry : registry).register(
      PlaybackQueue.self, scope: bug == .queueRegisteredWeak ? .weak : .cached
    ) {
      PlaybackQueue(listener: session)
    }
  }

  // MARK: - Factories

  func makePlayerScreen() -> PlayerScreen {
    PlayerScreen(session: session, container: self)
  }

  func makeQueueScreen() -> QueueScreen {
    QueueScreen(queue: registry.resolve(PlaybackQueue.self))
  }

  /// The listener's queue.
  func queue() -> PlaybackQueue {
    registry.resolve(PlaybackQueue.self)
  }
}
