import ObjectTrace
import Testing

/// A check of lifetimes on plain classes: no token, only the walk and weak references.
@Suite struct LifetimeCheckTests {
  // MARK: - A small app that is not Koober: a reading app with a signed-in reader

  final class ReadingApp {
    var container = AppContainer()
    var reader: ReaderScreen?
    weak var lastReader: ReaderScreen?
  }

  final class AppContainer {
    var session: ReaderSession?
  }

  final class ReaderSession {
    let token = "reader-token"
  }

  final class ReaderScreen {
    let session: ReaderSession
    var onPageTurn: (() -> Void)?
    var owner: ReaderScreen?
    init(session: ReaderSession) { self.session = session }
  }

  static let signedIn = LifetimeScope(name: "signed-in", depth: 1)

  @Test func aReleasedObjectIsNoProblem() {
    let check = LifetimeCheck()
    let app = ReadingApp()
    check.addRoot(app, named: "app")
    app.reader = ReaderScreen(session: ReaderSession())
    check.expectReleased(app.reader!)
    app.reader = nil
    #expect(check.check().problems.isEmpty)
  }

  /// A library of many sessions, more than the walk looks into in one collection.
  final class Library {
    var sessions: [ReaderSession] = []
  }

  /// The walk looks at the first 200 elements of a collection. An object past them is still
  /// kept by the root: the check says that it did not look there, never that no root holds it.
  @Test func anObjectPastTheElementsTheWalkReadsIsNotSaidToBeHeldByNoRoot() throws {
    let check = LifetimeCheck()
    let library = Library()
    check.addRoot(library, named: "library")
    library.sessions = (0..<300).map { _ in ReaderSession() }
    check.expectReleased(library.sessions[250])
    let problem = try #require(check.check().problems.first)
    #expect(!problem.message.contains("no root holds it"))
    #expect(
      problem.message.contains(
        """
        it could not read what Library#1.sessions (only its first 200 of 300 elements are \
        walked) holds, which may keep it
        """))
  }

  @Test func aKeptObjectIsNamedWithTheChainFromTheRoot() throws {
    let check = LifetimeCheck()
    let app = ReadingApp()
    check.addRoot(app, named: "app")
    app.container.session = ReaderSession()
    let expectation = check.expectReleased(try #require(app.container.session))
    let problem = try #require(check.check().problems.first)
    #expect(problem.expectation == expectation)
    #expect(problem.kind == .stale)
    #expect(
      problem.message
        == """
        ReaderSession#1 is still alive; held by AppContainer#1.session \
        (kept by app.container.session)
        """)
  }

  /// The chain runs through strong references only: the app's `weak` one is named as holding
  /// nothing.
  @Test func aWeakReferenceIsNeverPartOfTheChain() throws {
    let check = LifetimeCheck()
    let app = ReadingApp()
    check.addRoot(app, named: "app")
    app.reader = ReaderScreen(session: ReaderSession())
    app.lastReader = app.reader
    check.expectReleased(try #require(app.reader))
    #expect(
      check.check().problems.map(\.message) == [
        """
        ReaderScreen#1 is still alive; held by ReadingApp#1.reader (kept by app.reader); \
        ReadingApp#1.lastReader (weak) refers to it but holds nothing
        """
      ])
    app.reader = nil
    #expect(app.lastReader == nil)  // the weak reference held nothing
  }

  /// Of two chains to one object, the shortest is named: here two steps, not three.
  @Test func theShortestChainIsNamed() throws {
    // The longer chain comes first in property order: the walk meets it first.
    final class Shelf {
      var crate: Crate?
      var box: Box?
    }
    final class Crate {
      var box: Box?
    }
    final class Box {
      var item: Item?
    }
    final class Item {}
    let check = LifetimeCheck()
    let shelf = Shelf()
    check.addRoot(shelf, named: "shelf")
    let box = Box()
    box.item = Item()
    shelf.crate = Crate()
    shelf.crate?.box = Box()
    shelf.crate?.box?.item = box.item  // three steps: shelf.crate.box.item
    shelf.box = box  // two steps: shelf.box.item
    check.expectReleased(try #require(box.item))
    #expect(
      check.check().problems.map(\.message) == [
        "Item#1 is still alive; held by Box#1.item, Box#2.item (kept by shelf.box.item)"
      ])
  }

  /// Two roots with chains as short: the first root's is named, as the roots were given.
  @Test func ofTwoRootsTheFirstOnesChainIsNamed() throws {
    let check = LifetimeCheck()
    let first = ReadingApp()
    let second = ReadingApp()
    check.addRoot(first, named: "first")
    check.addRoot(second, named: "second")
    let session = ReaderSession()
    second.container.session = session
    first.container.session = session
    check.expectReleased(session)
    let message = try #require(check.check().problems.first?.message)
    #expect(message.hasSuffix("(kept by first.container.session)"))
  }

  /// An object whose only way back to itself runs through a `weak` reference is on no cycle of
  /// strong references: nothing of the kind is said.
  @Test func aWayBackThroughAWeakReferenceIsNoCycle() throws {
    final class Parent {
      var child: Child?
    }
    final class Child {
      weak var parent: Parent?
    }
    let check = LifetimeCheck()
    let parent = Parent()
    parent.child = Child()
    parent.child?.parent = parent
    check.expectReleased(parent)  // the test's own `parent` keeps it
    let message = try #require(check.check().problems.first?.message)
    #expect(!message.contains("a cycle of strong references"))
    #expect(message.contains("it is on no cycle of strong references the walk can see"))
  }

  /// Reached from the root only through a `weak` reference, an object is kept by something
  /// else: here, its own cycle.
  @Test func aWeakReferenceFromTheRootIsNoChain() throws {
    let check = LifetimeCheck()
    let app = ReadingApp()
    check.addRoot(app, named: "app")
    let screen = ReaderScreen(session: ReaderSession())
    screen.owner = screen
    app.lastReader = screen
    check.expectReleased(screen)
    let problem = try #require(check.check().problems.first)
    #expect(problem.kind == .leak)
    #expect(problem.message.hasSuffix("keeps it: ReaderScreen#1.owner → ReaderScreen#1"))
    screen.owner = nil
  }

  @Test func aLongerLivedHolderIsNamedAsTheCaptor() throws {
    let check = LifetimeCheck()
    let app = ReadingApp()
    check.addRoot(app, named: "app")
    check.expectScope(.app, of: app.container)
    app.container.session = ReaderSession()
    check.expectReleased(try #require(app.container.session), scope: Self.signedIn)
    let problem = try #require(check.check().problems.first)
    #expect(problem.kind == .captive)
    #expect(
      problem.message.hasSuffix(
        """
        ; a captive dependency: AppContainer#1 (app scope) keeps ReaderSession#1 \
        (signed-in scope) in `session`
        """))
  }

  /// A holder of the object's own scope is no captive dependency: it keeps the object, but
  /// nothing that lives longer does.
  @Test func aHolderOfTheSameScopeIsNotACaptor() throws {
    let check = LifetimeCheck()
    let app = ReadingApp()
    check.addRoot(app, named: "app")
    check.expectScope(Self.signedIn, of: app.container)
    app.container.session = ReaderSession()
    check.expectReleased(try #require(app.container.session), scope: Self.signedIn)
    let problem = try #require(check.check().problems.first)
    #expect(problem.kind == .stale)
    #expect(!problem.message.contains("captive"))
  }

  /// An object the test itself still holds, in a `let`, is on no cycle and no root reaches it:
  /// the message names the test's own variable first, the likeliest holder in a test.
  @Test func anObjectKeptByTheTestsOwnVariableNamesThatFirst() throws {
    let check = LifetimeCheck()
    let screen = ReaderScreen(session: ReaderSession())
    check.expectReleased(screen)
    let problem = try #require(check.check().problems.first)
    #expect(problem.kind == .leak)
    #expect(
      problem.message
        == """
        ReaderScreen#1 is still alive, and no root holds it; it is on no cycle of strong \
        references the walk can see, so something outside the walk keeps it: a variable of \
        the test (a `let` that still holds it), a `static` or global, or a task or closure \
        that no walked object stores
        """)
  }

  @Test func aCycleThatNoRootReachesIsNamed() throws {
    let check = LifetimeCheck()
    let screen = ReaderScreen(session: ReaderSession())
    screen.owner = screen
    check.expectReleased(screen)
    let problem = try #require(check.check().problems.first)
    #expect(problem.kind == .leak)
    #expect(
      problem.message
        == """
        ReaderScreen#1 is still alive, and no root holds it; a cycle of strong references \
        keeps it: ReaderScreen#1.owner → ReaderScreen#1
        """)
    screen.owner = nil
  }

  /// A closure that captured its owner holds it: the walk reads the closure's context, and names
  /// the cycle through it.
  @Test func aClosureThatCapturesItsOwnerIsNamedOnTheCycle() throws {
    let check = LifetimeCheck()
    var screen: ReaderScreen? = ReaderScreen(session: ReaderSession())
    screen?.onPageTurn = { [screen] in _ = screen }
    check.expectReleased(try #require(screen))
    weak var watched: ReaderScreen?
    watched = screen
    screen = nil
    #expect(
      check.check().problems.map(\.message) == [
        """
        ReaderScreen#1 is still alive, and no root holds it; a cycle of strong references keeps \
        it: ReaderScreen#1.onPageTurn (a closure) → ReaderScreen#1
        """
      ])
    watched?.onPageTurn = nil
  }

  /// Two objects no root reaches, one holding the other: the held one's problem names its
  /// holder and what keeps the holder, the first cause, instead of "no root holds it" twice.
  @Test func anObjectHeldByAnotherUnreachedOneNamesThatHolder() throws {
    let check = LifetimeCheck()
    var screen: ReaderScreen? = ReaderScreen(session: ReaderSession())
    screen?.onPageTurn = { [screen] in _ = screen }
    check.expectReleased(try #require(screen?.session))
    check.expectReleased(try #require(screen))
    weak var watched: ReaderScreen?
    watched = screen
    screen = nil
    let problems = check.check().problems
    #expect(problems.map(\.object) == ["ReaderSession#1", "ReaderScreen#1"])
    #expect(
      problems.first?.message
        == """
        ReaderSession#1 is still alive, and no root holds it; held by \
        ReaderScreen#1.session, and ReaderScreen#1 is still alive too: a cycle of strong \
        references keeps it: ReaderScreen#1.onPageTurn (a closure) → ReaderScreen#1
        """)
    #expect(problems.last?.message.contains("no root holds it; a cycle of strong") == true)
    watched?.onPageTurn = nil
  }

  /// Of two unreached holders, the one the other does not hold is named: the first cause.
  @Test func theOutermostUnreachedHolderIsNamed() throws {
    let check = LifetimeCheck()
    let session = ReaderSession()
    var outer: ReaderScreen? = ReaderScreen(session: session)
    outer?.owner = ReaderScreen(session: session)
    outer?.onPageTurn = { [outer] in _ = outer }
    check.expectReleased(try #require(outer?.owner))
    check.expectReleased(session)
    check.expectReleased(try #require(outer))
    weak var watched: ReaderScreen?
    watched = outer
    outer = nil
    let problems = check.check().problems
    #expect(problems.count == 3)
    for problem in problems.prefix(2) {
      #expect(problem.message.contains("held by ReaderScreen#1."), "\(problem.message)")
      #expect(problem.message.contains("ReaderScreen#1.onPageTurn (a closure) → ReaderScreen#1"))
    }
    watched?.onPageTurn = nil
  }

  /// Two objects that hold each other: each is on the cycle, and neither is blamed on the other.
  @Test func objectsOnOneCycleAreEachNamedByTheCycle() throws {
    let check = LifetimeCheck()
    var screen: ReaderScreen? = ReaderScreen(session: ReaderSession())
    let other = ReaderScreen(session: try #require(screen?.session))
    screen?.owner = other
    other.owner = screen
    check.expectReleased(try #require(screen))
    check.expectReleased(other)
    weak var watched: ReaderScreen?
    watched = screen
    screen = nil
    let problems = check.check().problems
    #expect(problems.count == 2)
    #expect(problems.allSatisfy { $0.message.contains("a cycle of strong references keeps it") })
    watched?.owner = nil
  }

  @Test func aRootStillAliveOnceLetGoIsKeptByNoRoot() throws {
    let check = LifetimeCheck()
    var app: ReadingApp? = ReadingApp()
    let screen = ReaderScreen(session: ReaderSession())
    screen.owner = screen
    app?.reader = screen
    check.addRoot(try #require(app), named: "app")
    app = nil
    #expect(check.finish().problems.isEmpty)  // the app went; the screen was never expected
    let second = LifetimeCheck()
    second.addRoot(screen, named: "screen")
    let problem = try #require(second.finish().problems.first)
    #expect(problem.message.hasPrefix("ReaderScreen#1 is still alive after the test let go of it"))
    screen.owner = nil
  }

  /// A root a global still keeps once the test lets go of it is named with the global's chain.
  @Test func aRootKeptByAGlobalIsNamedWithTheGlobalsChain() throws {
    let check = LifetimeCheck()
    let registry = ReadingApp()
    check.addRoot(registry, named: "Registry.shared", isGlobal: true)
    do {
      let screen = ReaderScreen(session: ReaderSession())
      registry.reader = screen
      check.addRoot(screen, named: "screen")
    }
    let problem = try #require(check.finish().problems.first)
    #expect(problem.kind == .leak)
    #expect(
      problem.message
        == """
        ReaderScreen#1 is still alive after the test let go of it; held by \
        ReadingApp#1.reader (kept by global Registry.shared.reader)
        """)
  }

  @Test func theSameObjectExpectedTwiceIsOneExpectation() {
    let check = LifetimeCheck()
    let session = ReaderSession()
    #expect(check.expectReleased(session) == check.expectReleased(session))
    #expect(check.check().problems.count == 1)
  }

  /// Past the walk's limit the chain may be longer than needed: the message says which limit
  /// stopped the walk, and where.
  @Test func aWalkPastItsLimitSaysSo() throws {
    let check = LifetimeCheck(objectLimit: 2)
    let app = ReadingApp()
    check.addRoot(app, named: "app")
    app.container.session = ReaderSession()
    check.expectReleased(try #require(app.container.session))
    #expect(
      check.check().problems.map(\.message) == [
        """
        ReaderSession#1 is still alive; held by AppContainer#1.session (kept by \
        app.container.session); the walk stopped at its limit of 2 objects, at \
        ReaderSession#1, so a shorter chain may exist
        """
      ])
  }

  /// An object past the limit is not "held by no root": the walk did not get that far, and
  /// says so.
  @Test func anObjectPastTheLimitIsNeverSaidToBeHeldByNoRoot() throws {
    final class Link {
      var next: Link?
    }
    let check = LifetimeCheck(objectLimit: 3)
    let head = Link()
    var tail = head
    for _ in 1..<5 {
      let next = Link()
      tail.next = next
      tail = next
    }
    check.addRoot(head, named: "list")
    check.expectReleased(tail)
    let message = try #require(check.check().problems.first?.message)
    #expect(!message.contains("no root holds it"))
    #expect(
      message.hasPrefix(
        "Link#5 is still alive, and no chain from a root to it was found before the walk "
          + "stopped at its limit of 3 objects, at Link#4; "))
  }
}

// MARK: - What a test might hand the check

extension LifetimeCheckTests {
  final class Buffer {
    let bytes = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
    let handle = OpaquePointer(bitPattern: 0x1000)
    unowned(unsafe) let owner: ReadingApp
    init(owner: ReadingApp) { self.owner = owner }
    deinit { bytes.deallocate() }
  }

  /// Pointers are shown as `‹pointer›`, never as an address; an `unowned(unsafe)` reference to a
  /// live object is walked and holds nothing.
  @Test func pointersAndUnsafeUnownedReferencesAreWalkedSafely() throws {
    let app = ReadingApp()
    let buffer = Buffer(owner: app)
    let graph = ObjectGraph(roots: [("buffer", buffer, false)], registry: LifetimeRegistry())
    #expect(graph.nodes[0].fields.map(\.text) == ["‹pointer›", "‹pointer›"])
    let owner = try #require(graph.nodes[0].links.first)
    #expect(owner.label == "owner")
    #expect(owner.ownership == .unowned)
    withExtendedLifetime(app) {}
  }
}
