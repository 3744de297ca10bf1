import ObjectTrace
import Testing

@testable import TraceFixtures

@Suite struct FindingsTests {
  @Test func anObjectOutsideAnyShownScreenOfItsScopeIsStaleAndItsHolderCaptive() throws {
    let registry = LifetimeRegistry()
    let findings = LifetimeRegistry.$current.withValue(registry) {
      let garage = Garage()
      let screen = Screen()
      screen.passenger = Passenger(name: "shown")
      garage.screen = screen
      garage.kept = Passenger(name: "kept")  // an app-scoped object keeps a screen-scoped one
      var tracer = Tracer(registry: registry)
      tracer.record(step: "s", screen: "-", roots: [Tracer.Root("garage", garage)])
      return tracer.trace(title: "t").steps[0].findings
    }
    #expect(findings.map(\.kind) == [.stale, .captive])
    #expect(findings.map(\.object) == ["Passenger#2", "Garage#1"])
    #expect(
      findings[0].detail
        == "alive after its screen scope ended; held by Garage#1.kept (kept by garage.kept)")
  }

  /// The phrase every finding and the trait use for what keeps an object agrees with how many
  /// `weak` references it names (the library trial's two observers).
  @Test func theWeakReferencesNamedAgreeInNumber() {
    let one = Trace.holding(
      by: ["Clinic#1.lastVisit"], keptBy: "clinic.lastVisit", weakly: ["Observers#1.all[0] (weak)"])
    #expect(one.hasSuffix("; Observers#1.all[0] (weak) refers to it but holds nothing"))
    let two = Trace.holding(
      by: ["Clinic#1.lastVisit"], keptBy: "clinic.lastVisit",
      weakly: ["Observers#1.all[0] (weak)", "Procedure#1.visit (weak)"])
    #expect(
      two.hasSuffix(
        "; Observers#1.all[0] (weak), Procedure#1.visit (weak) refer to it but hold nothing"))
  }

  @Test func anObjectReachableFromItsShownScreenIsNotStale() {
    let registry = LifetimeRegistry()
    let findings = LifetimeRegistry.$current.withValue(registry) {
      let garage = Garage()
      let screen = Screen()
      let passenger = Passenger(name: "shown")
      screen.passenger = passenger
      garage.screen = screen
      garage.kept = passenger  // also held by the app, but its screen still shows it
      var tracer = Tracer(registry: registry)
      tracer.record(step: "s", screen: "-", roots: [Tracer.Root("garage", garage)])
      return tracer.trace(title: "t").steps[0].findings
    }
    #expect(findings.isEmpty)
  }

  @Test func afterQuitWhatNoGlobalHoldsIsALeak() throws {
    let registry = LifetimeRegistry()
    let (findings, live) = LifetimeRegistry.$current.withValue(registry) {
      let global = Engine()
      var passenger: Passenger? = Passenger(name: "cycle")
      let belt = SeatBelt()
      belt.owner = passenger
      passenger?.seatBelt = belt  // a retain cycle: alive, and nothing can walk to it
      passenger = nil
      var tracer = Tracer(registry: registry)
      tracer.record(
        step: "quit", screen: "-", roots: [Tracer.Root("Global", global, isGlobal: true)])
      let step = tracer.trace(title: "t").steps[0]
      belt.owner = nil  // break the cycle: the test process itself must not leak
      return (step.findings, step.live)
    }
    #expect(live == ["Engine#1", "Passenger#1", "SeatBelt#1"])
    #expect(findings.map(\.kind) == [.leak, .leak])
    #expect(findings.map(\.object) == ["Passenger#1", "SeatBelt#1"])
    #expect(findings[0].detail.contains("not held by a global"))
  }

  @Test func holdersListTheContainersAndGlobalsThatHoldEachObjectDirectly() throws {
    let registry = LifetimeRegistry()
    let holders = LifetimeRegistry.$current.withValue(registry) {
      let engine = Engine()
      let depot = Depot()
      depot.kept = Passenger(name: "kept")
      depot.engine = engine
      let garage = Garage()
      garage.kept = depot.kept  // a plain object holding it does not count as a container
      var tracer = Tracer(registry: registry)
      tracer.record(
        step: "s", screen: "-",
        roots: [
          Tracer.Root("Engine", engine, isGlobal: true), Tracer.Root("depot", depot),
          Tracer.Root("garage", garage),
        ])
      return tracer.trace(title: "t").steps[0].holders
    }
    #expect(holders.map(\.object) == ["Engine#1", "Depot#1", "Passenger#1", "Garage#1"])
    #expect(holders.map(\.heldBy) == [["global Engine", "Depot#1"], [], ["Depot#1"], []])
  }

  @Test func aSecondLiveInstanceOfAOnePerScopeTypeIsTorn() throws {
    let registry = LifetimeRegistry()
    let findings = LifetimeRegistry.$current.withValue(registry) {
      let office = Office()
      office.dispatchers = [Dispatcher(), Dispatcher()]
      var tracer = Tracer(registry: registry)
      tracer.record(step: "s", screen: "-", roots: [Tracer.Root("office", office)])
      return tracer.trace(title: "t").steps[0].findings
    }
    #expect(findings.map(\.kind) == [.torn])
    #expect(findings.first?.object == "Dispatcher#2")
    #expect(
      findings.first?.detail
        == """
        a second live Dispatcher, where its app scope holds one (Dispatcher#1 is alive too); \
        held by Office#1.dispatchers[1] (kept by office.dispatchers[1])
        """)
  }

  @Test func oneInstanceAfterAnotherIsNotTorn() {
    let registry = LifetimeRegistry()
    let findings = LifetimeRegistry.$current.withValue(registry) {
      let office = Office()
      office.dispatchers = [Dispatcher()]
      office.dispatchers = [Dispatcher()]  // the first is released before the second is traced
      var tracer = Tracer(registry: registry)
      tracer.record(step: "s", screen: "-", roots: [Tracer.Root("office", office)])
      return tracer.trace(title: "t").steps[0].findings
    }
    #expect(findings.isEmpty)
  }

  // MARK: - Weak references, retention paths, untraced objects

  @Test func aWeakReferenceNeverHoldsNorMakesACaptive() throws {
    let registry = LifetimeRegistry()
    let step = LifetimeRegistry.$current.withValue(registry) {
      let garage = Garage()
      let passenger = Passenger(name: "watched")
      let watcher = Watcher(owner: garage)
      watcher.watched = passenger
      watcher.depot.kept = passenger  // the only strong holder: a container
      garage.car = nil
      var tracer = Tracer(registry: registry)
      tracer.record(
        step: "s", screen: "-", roots: [Tracer.Root("garage", garage), Tracer.Root("w", watcher)])
      return tracer.trace(title: "t").steps[0]
    }
    // The weak `watched` is no holder; the depot's strong `kept` is, and it is the captive.
    let stale = try #require(step.findings.first { $0.kind == .stale })
    #expect(stale.object == "Passenger#1")
    #expect(stale.detail.contains("held by Depot#1.kept (kept by w.depot.kept)"))
    #expect(stale.detail.contains("Watcher#1.watched (weak) refers to it but holds nothing"))
    #expect(step.findings.filter { $0.kind == .captive }.map(\.object) == ["Depot#1"])
    #expect(step.holders.first { $0.object == "Passenger#1" }?.heldBy == ["Depot#1"])
    let edge = try #require(step.edges.first { $0.label == "watched" })
    #expect(edge.ownership == .weak && !edge.holds)
  }

  @Test func anObjectOnlyAWeakReferenceReachesIsKeptByTheCycleFound() throws {
    let registry = LifetimeRegistry()
    var cycle: [Passenger] = []
    let step = LifetimeRegistry.$current.withValue(registry) {
      let garage = Garage()
      let watcher = Watcher(owner: garage)
      let passenger = Passenger(name: "in a cycle")
      let belt = SeatBelt()
      passenger.seatBelt = belt
      belt.owner = passenger  // a strong cycle keeps both alive
      watcher.watched = passenger
      cycle.append(passenger)
      cycle.removeAll()
      var tracer = Tracer(registry: registry)
      tracer.record(step: "s", screen: "-", roots: [Tracer.Root("w", watcher)])
      let step = tracer.trace(title: "t").steps[0]
      passenger.seatBelt = nil  // break it, so the test leaks nothing
      return step
    }
    let stale = try #require(step.findings.first { $0.object == "Passenger#1" })
    // No root holds it: the walk from the unreached objects names the cycle that does.
    #expect(
      stale.detail.contains(
        """
        held by SeatBelt#1.owner (kept by the cycle Passenger#1.seatBelt → SeatBelt#1.owner → \
        Passenger#1); Watcher#1.watched (weak) refers to it but holds nothing
        """))
  }

  @Test func anUntracedObjectIsFoundAndTheDeclarationItNeedsIsNamed() throws {
    let registry = LifetimeRegistry()
    let findings = LifetimeRegistry.$current.withValue(registry) {
      let screen = Screen()
      let container = UntracedScreenContainer()
      container.passenger = Passenger(name: "p")
      screen.passenger = container.passenger
      var tracer = Tracer(registry: registry)
      tracer.record(
        step: "s", screen: "-",
        roots: [Tracer.Root("screen", screen), Tracer.Root("c", container)])
      return tracer.trace(title: "t").steps[0].findings
    }
    #expect(findings.map(\.kind) == [.untraced])
    let finding = try #require(findings.first)
    #expect(finding.object == "UntracedScreenContainer#1")
    // Its scope is the shortest-lived of what it holds; its name says it is a container.
    #expect(
      finding.detail.contains(
        """
        add `let lifetime = Lifetime(of: UntracedScreenContainer.self, scope: .screen, \
        role: .container)` as its first stored property
        """))
    // The declaration is a field of its own too, so no reader parses it back out of the text.
    #expect(
      finding.declaration
        == """
        let lifetime = Lifetime(of: UntracedScreenContainer.self, scope: .screen, \
        role: .container)
        """)
  }

  /// An untraced object's scope is guessed from what it holds, never from what it only watches:
  /// a `weak` reference to a screen-scoped object says nothing of how long it lives.
  @Test func anUntracedObjectsScopeIsNeverReadThroughAWeakReference() {
    let registry = LifetimeRegistry()
    let findings = LifetimeRegistry.$current.withValue(registry) {
      let screen = Screen()
      screen.passenger = Passenger(name: "shown")
      let lookout = Lookout()
      lookout.watched = screen.passenger  // screen-scoped, and only watched
      var tracer = Tracer(registry: registry)
      tracer.record(
        step: "s", screen: "-",
        roots: [Tracer.Root("screen", screen), Tracer.Root("lookout", lookout)])
      return tracer.trace(title: "t").steps[0].findings
    }
    #expect(findings.map(\.kind) == [.untraced])
    // It holds nothing of the screen's scope: the app's scope, the default, is declared.
    #expect(findings.first?.declaration == "let lifetime = Lifetime(of: Lookout.self)")
  }

  /// After quit, an object a global only watches through a `weak` property is not kept by
  /// that global: it is a leak, and the weak reference is named as holding nothing.
  @Test func aWeakGlobalDoesNotExcuseALeak() throws {
    let registry = LifetimeRegistry()
    let findings = LifetimeRegistry.$current.withValue(registry) {
      let passenger = Passenger(name: "watched")
      let lookout = Lookout()
      lookout.watched = passenger  // the global's only reference to it: weak
      var tracer = Tracer(registry: registry)
      withExtendedLifetime(passenger) {
        tracer.record(
          step: "quit", screen: "-", roots: [Tracer.Root("Lookout", lookout, isGlobal: true)])
      }
      return tracer.trace(title: "t").steps[0].findings
    }
    #expect(findings.filter { $0.kind == .leak }.map(\.object) == ["Passenger#1"])
    let leak = try #require(findings.first { $0.kind == .leak })
    #expect(leak.detail.contains("Lookout#1.watched (weak) refers to it but holds nothing"))
  }
}

extension FindingsTests {
  /// An object of the tests' own type, with no token, that only watches a passenger, weakly.
  final class Lookout {
    weak var watched: Passenger?
  }
}

// MARK: - What keeps an object no root reaches

extension FindingsTests {
  /// A scope's objects that hold each other outlive it with nothing outside holding them: the
  /// walk from the roots no longer reaches them, so the tracer walks them from themselves and
  /// names the cycle that keeps each, where it used to say that nothing it reached held them.
  @Test func aCycleNoRootReachesIsNamed() throws {
    let registry = LifetimeRegistry()
    weak var belt: SeatBelt?
    let steps = LifetimeRegistry.$current.withValue(registry) {
      let screen = Screen()
      do {
        let passenger = Passenger(name: "p")
        let seatBelt = SeatBelt()
        passenger.seatBelt = seatBelt
        seatBelt.owner = passenger
        screen.passenger = passenger
        belt = seatBelt
      }
      var tracer = Tracer(registry: registry)
      tracer.record(step: "shown", screen: "-", roots: [Tracer.Root("screen", screen)])
      screen.passenger = nil  // the screen lets go; the two hold each other
      tracer.record(step: "gone", screen: "-", roots: [Tracer.Root("screen", screen)])
      return tracer.trace(title: "t").steps
    }
    belt?.owner = nil  // the cycle broken, so that the two do not leak past the test
    #expect(belt == nil)
    let findings = steps[1].findings.filter { $0.kind == .stale }
    #expect(
      findings.map(\.detail) == [
        """
        alive after its screen scope ended; held by SeatBelt#1.owner (kept by the cycle \
        Passenger#1.seatBelt → SeatBelt#1.owner → Passenger#1)
        """,
        """
        alive after its screen scope ended; held by Passenger#1.seatBelt (kept by the cycle \
        SeatBelt#1.owner → Passenger#1.seatBelt → SeatBelt#1)
        """,
      ])
    #expect(steps[1].loose.map(\.object) == ["Passenger#1", "SeatBelt#1"])
  }
}

extension FindingsTests {
  /// Two objects of the tests' own types, with no token, that hold each other.
  final class Ping {
    var pong: Pong?
  }

  final class Pong {
    var ping: Ping?
  }

  /// Untraced objects that hold each other after quit: each leak names the other as its holder
  /// and the cycle, by the ids the trace gives them (the walk from the leaked objects uses the
  /// registry, so an untraced holder keeps its id).
  @Test func anUntracedCycleAfterQuitIsNamedByItsIds() throws {
    let registry = LifetimeRegistry()
    weak var leftPing: Ping?
    let findings = LifetimeRegistry.$current.withValue(registry) {
      var tracer = Tracer(registry: registry)
      do {
        let ping = Ping()
        let pong = Pong()
        ping.pong = pong
        pong.ping = ping
        leftPing = ping
        tracer.record(step: "launch", screen: "-", roots: [Tracer.Root("ping", ping)])
      }
      tracer.record(step: "quit", screen: "-", roots: [])
      return tracer.trace(title: "t").steps[1].findings.filter { $0.kind == .leak }
    }
    #expect(
      findings.map(\.detail) == [
        """
        alive after quit and not held by a global; held by Pong#1.ping (kept by the cycle \
        Ping#1.pong → Pong#1.ping → Ping#1)
        """,
        """
        alive after quit and not held by a global; held by Ping#1.pong (kept by the cycle \
        Pong#1.ping → Ping#1.pong → Pong#1)
        """,
      ])
    leftPing?.pong = nil  // the cycle broken, so that the two do not leak past the test
    #expect(leftPing == nil)
  }
}
