import Podcasts
import Testing

/// Exercise 11's app, real and with each planted bug: each bug changes what its name says, and
/// nothing else, so that each is a different test's catch.
@Suite struct PodcastAppTests {
  /// What one listener's sign-in and sign-out leave behind, read through weak references.
  struct Aftermath: Equatable {
    var sessionAlive = false
    var playerAlive = false
    var queueAlive = false
    /// Whether an episode enqueued by the player is in the queue the queue screen shows.
    var queueKeepsItsEpisodes = true
  }

  /// Signs a listener in, enqueues an episode, opens the queue, signs out; `bug` planted.
  static func aftermath(with bug: PodcastsBug?) throws -> Aftermath {
    try PodcastsBug.$planted.withValue(bug) {
      let app = PodcastApp()
      weak var session: ListenerSession?
      weak var player: PlayerScreen?
      weak var queue: PlaybackQueue?
      var result = Aftermath()
      app.signIn(listener: "ada")
      try #require(app.playerScreen).enqueue("Stacktrace 200")
      result.queueKeepsItsEpisodes =
        try #require(app.playerScreen).openQueue().queue.episodes == ["Stacktrace 200"]
      session = app.playerScreen?.session
      player = app.playerScreen
      queue = app.playerScreen?.openQueue().queue
      #expect(session != nil && player != nil)
      app.signOut()
      result.sessionAlive = session != nil
      result.playerAlive = player != nil
      result.queueAlive = queue != nil
      return result
    }
  }

  @Test func theRealAppReleasesTheListenersObjectsAndKeepsTheQueue() throws {
    #expect(try Self.aftermath(with: nil) == Aftermath())
  }

  @Test(arguments: PodcastsBug.allCases)
  func eachBrokenAppHasItsOneBug(_ bug: PodcastsBug) throws {
    let expected =
      switch bug {
      case .keepsTheLastSession: Aftermath(sessionAlive: true)
      // The cycle keeps the player, and the player its container, the queue and the session.
      case .progressKeepsThePlayer:
        Aftermath(sessionAlive: true, playerAlive: true, queueAlive: true)
      // The queue keeps its listener's session.
      case .queueCachedInTheAppContainer: Aftermath(sessionAlive: true, queueAlive: true)
      case .queueRegisteredWeak: Aftermath(queueKeepsItsEpisodes: false)
      }
    #expect(try Self.aftermath(with: bug) == expected)
  }

  /// Parallel tests each plant their own bug: the task-local never leaks into another test.
  @Test func aPlantedBugStaysInItsTask() async throws {
    await withTaskGroup(of: Bool.self) { group in
      for bug in PodcastsBug.allCases {
        group.addTask { PodcastsBug.$planted.withValue(bug) { PodcastsBug.planted == bug } }
      }
      for await sameBug in group { #expect(sameBug) }
    }
    #expect(PodcastsBug.planted == nil)
  }

  final class Service {}

  @Test func aChildRegistryAsksItsParentAndEachScopeKeepsWhatItSays() {
    let app = Registry()
    let listener = Registry(parent: app)
    app.register(Service.self, scope: .cached) { Service() }
    #expect(listener.resolve(Service.self) === app.resolve(Service.self))
    listener.register(Service.self, scope: .unique) { Service() }
    #expect(listener.resolve(Service.self) !== listener.resolve(Service.self))
    listener.register(Service.self, scope: .weak) { Service() }
    let held = listener.resolve(Service.self)
    #expect(listener.resolve(Service.self) === held)
    weak var sameWhileHeld: Service?
    sameWhileHeld = listener.resolve(Service.self)
    #expect(sameWhileHeld === held)
    withExtendedLifetime(held) {}
  }
}
