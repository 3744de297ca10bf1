// Exercise 11 — your tests of the podcast app's lifetimes (what they can reach: `API.md`). The trait
// `.trackLifetimes` and `Lifetimes` come from ObjectTraceTesting, the workbook's library for
// your own app's tests; the lesson `Chapters/testing/lifetimes` shows them at work.
import KooberRules
import ObjectTrace
import ObjectTraceTesting
import Podcasts
import Testing

@Suite(.trackLifetimes) struct PodcastLifetimeTests {
  // exercise: begin
  /// One signed-in listener: from sign-in to sign-out.
  static let listener = LifetimeScope(name: "listener", depth: 1)

  @Test func signingOutReleasesTheListenersSession() throws {
    let app = PodcastApp()
    Lifetimes.root(app, named: "app")
    Lifetimes.expect(app.container, livesIn: .app)
    Lifetimes.expect(app.container.registry, livesIn: .app)
    app.signIn(listener: "ada")
    // Straight from the app: a `let player` here would keep the player, and all it holds, alive.
    Lifetimes.expectReleased(try #require(app.playerScreen?.session), scope: Self.listener)
    Lifetimes.expectReleased(
      try #require(app.playerScreen?.openQueue().queue), scope: Self.listener)
    app.signOut()
    Lifetimes.check()
  }

  @Test func signingOutReleasesThePlayer() throws {
    let app = PodcastApp()
    Lifetimes.root(app, named: "app")
    app.signIn(listener: "ada")
    Lifetimes.expectReleased(try #require(app.playerScreen), scope: Self.listener)
    app.signOut()
    Lifetimes.check()
  }

  @Test func theQueueLivesAsLongAsTheListener() throws {
    let app = PodcastApp()
    app.signIn(listener: "ada")
    let player = try #require(app.playerScreen)
    player.enqueue("Stacktrace 200")
    // Nothing but the listener's registry holds the queue here: it must still be the same one.
    #expect(player.openQueue().queue.episodes == ["Stacktrace 200"])
  }
  // exercise: starter
  // @Test func signingOutReleasesTheListenersObjects() throws {
  //   todo(
  //     "declare the app as a root, sign in, expect the listener's objects released, sign out, check",
  //     ko: "앱을 루트로 선언하고 로그인한 뒤, 청취자의 객체들이 해제되기를 기대하고 로그아웃해서 확인하세요")
  // }
  // exercise: end
}
