import ObjectTraceTesting
import Swinject
import Testing

/// Swinject 2.10.0, as its users report it: a `.container`-scoped session alive after logout
/// (Swinject #406: "`resetObjectScope` does not really discard my object"), the reset that
/// releases it, a session's child container, and a registration closure that keeps its
/// container (Swinject #256).
@Suite(.trackLifetimes) struct SwinjectTests {
  final class Session {
    let user = "ada"
  }

  final class App {
    let container = Container()
    var session: Session?

    func logIn() {
      session = container.resolve(Session.self)
    }

    func logOut() {
      session = nil
    }
  }

  /// Logged out, the session is still in Swinject's storage for `.container`: the path into the
  /// container's services names the holder.
  @Test func aContainerScopedSessionOutlivesLogoutAndTheStorageIsNamed() throws {
    let app = App()
    app.container.register(Session.self) { _ in Session() }.inObjectScope(.container)
    Lifetimes.root(app, named: "app")
    app.logIn()
    Lifetimes.expectReleased(try #require(app.session))
    app.logOut()
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      // Swinject keeps a `.container` object in its entry's `PermanentStorage`.
      (issue.error as? LifetimeCheck.Problem)?.message
        == "Session#1 is still alive; held by PermanentStorage#1.instance (kept by "
        + "app.container.services.internalDictionary[ServiceKey(serviceType: "
        + "ContainersProofT…].storage.instance)"
    }
    app.container.resetObjectScope(.container)
  }

  /// `resetObjectScope(.container)` lets go of it: nothing else held it.
  @Test func resettingTheScopeReleasesTheSession() throws {
    let app = App()
    app.container.register(Session.self) { _ in Session() }.inObjectScope(.container)
    Lifetimes.root(app, named: "app")
    app.logIn()
    Lifetimes.expectReleased(try #require(app.session))
    app.logOut()
    app.container.resetObjectScope(.container)
    Lifetimes.check()
  }

  /// An object made from a runtime argument, in `.container` scope: Swinject caches the first one
  /// made, the first session inside it, and hands it out whatever argument comes next (chapter 6's
  /// lesson says so in its table of the three containers).
  @Test func aContainerScopedObjectMadeFromAnArgumentKeepsTheFirstArgument() throws {
    final class Badge {
      let session: Session
      init(session: Session) { self.session = session }
    }
    let app = App()
    app.container.register(Badge.self) { (_, session: Session) in Badge(session: session) }
      .inObjectScope(.container)
    Lifetimes.root(app, named: "app")
    do {
      let first = Session()
      let badge = try #require(app.container.resolve(Badge.self, argument: first))
      Lifetimes.expectReleased(first)
      let second = try #require(app.container.resolve(Badge.self, argument: Session()))
      #expect(second === badge)
      #expect(second.session === first)
    }
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      (issue.error as? LifetimeCheck.Problem)?.message.hasPrefix(
        "Session#1 is still alive; held by Badge#1.session (kept by app.container.services.")
        == true
    }
    app.container.resetObjectScope(.container)
  }

  /// A session's child container, let go of at logout, takes its `.container` objects with it;
  /// the parent is no holder of its child.
  @Test func aSessionsChildContainerIsReleasedWithItsObjects() throws {
    let app = App()
    Lifetimes.root(app, named: "app")
    do {
      let child = Container(parent: app.container)
      child.register(Session.self) { _ in Session() }.inObjectScope(.container)
      Lifetimes.expectReleased(try #require(child.resolve(Session.self)))
      Lifetimes.expectReleased(child)
    }
    Lifetimes.check()
  }

  /// A registration whose closure captured the container: the container keeps its services,
  /// whose entry keeps the closure, which keeps the container. Named as the cycle it is.
  @Test func aRegistrationClosureThatCapturesItsContainerIsACycle() throws {
    do {
      let container = Container()
      container.register(Session.self) { _ in
        _ = container.resolve(App.self)
        return Session()
      }
      Lifetimes.expectReleased(container)
    }
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      (issue.error as? LifetimeCheck.Problem)?.message
        == "Container#1 is still alive, and no root holds it; a cycle of strong references keeps "
        + "it: Container#1.services → ThreadSafeDictionary<ServiceKey, ServiceEntryProtocol>#1"
        + ".internalDictionary[ServiceKey(serviceType: ContainersProofT…] → "
        + "ServiceEntry<Session>#1.factory (a closure) → Container#1"
    }
  }
}
