import ObjectTrace
import Testing

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
      return tracer.trace(chapter: 0, title: "t").steps[0].findings
    }
    #expect(findings.map(\.kind) == ["stale", "captive"])
    #expect(findings.map(\.object) == ["Passenger#2", "Garage#1"])
    #expect(findings[0].detail == "alive after its screen scope ended; held by Garage#1.kept")
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
      return tracer.trace(chapter: 0, title: "t").steps[0].findings
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
      let step = tracer.trace(chapter: 0, title: "t").steps[0]
      belt.owner = nil  // break the cycle: the test process itself must not leak
      return (step.findings, step.live)
    }
    #expect(live == ["Engine#1", "Passenger#1", "SeatBelt#1"])
    #expect(findings.map(\.kind) == ["leak", "leak"])
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
      return tracer.trace(chapter: 0, title: "t").steps[0].holders
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
      return tracer.trace(chapter: 0, title: "t").steps[0].findings
    }
    #expect(findings.map(\.kind) == ["torn"])
    #expect(findings.first?.object == "Dispatcher#2")
    #expect(
      findings.first?.detail
        == "a second live Dispatcher, where its app scope holds one (Dispatcher#1 is alive too); "
        + "held by Office#1.dispatchers")
  }

  @Test func oneInstanceAfterAnotherIsNotTorn() {
    let registry = LifetimeRegistry()
    let findings = LifetimeRegistry.$current.withValue(registry) {
      let office = Office()
      office.dispatchers = [Dispatcher()]
      office.dispatchers = [Dispatcher()]  // the first is released before the second is traced
      var tracer = Tracer(registry: registry)
      tracer.record(step: "s", screen: "-", roots: [Tracer.Root("office", office)])
      return tracer.trace(chapter: 0, title: "t").steps[0].findings
    }
    #expect(findings.isEmpty)
  }
}
