import ObjectTrace
import Testing

@testable import TraceFixtures

@Suite struct LifetimeRegistryTests {
  @Test func idsCountPerTypeInCreationOrder() {
    let registry = LifetimeRegistry()
    LifetimeRegistry.$current.withValue(registry) {
      let objects: [AnyObject] = [Engine(), Passenger(name: "a"), Engine(), Engine()]
      #expect(
        registry.records.map(\.id) == ["Engine#1", "Passenger#1", "Engine#2", "Engine#3"])
      #expect(registry.records.map(\.index) == [0, 1, 2, 3])
      #expect(registry.records[1].scope == screenScope)
      _ = objects
    }
  }

  @Test func aReleaseIsSeenWhenTheObjectIsDeinitialised() {
    let registry = LifetimeRegistry()
    var engine: Engine? = LifetimeRegistry.$current.withValue(registry) { Engine() }
    // `weak let` needs Swift 6.3 (SE-0481); `weak var` that is never set again warns there.
    weak var watched: Engine?
    watched = engine
    #expect(registry.alive.map(\.id) == ["Engine#1"])
    engine = nil
    #expect(watched == nil)
    #expect(registry.alive.isEmpty)
    let events = registry.takeEvents()
    #expect(events.created.map(\.id) == ["Engine#1"])
    #expect(events.released.map(\.id) == ["Engine#1"])
    #expect(registry.takeEvents().created.isEmpty)  // taken once
  }

  @Test func aReleaseIsReportedInOneStepOnly() {
    let registry = LifetimeRegistry()
    var engine: Engine? = LifetimeRegistry.$current.withValue(registry) { Engine() }
    _ = registry.takeEvents()
    engine = nil
    #expect(registry.takeEvents().released.map(\.id) == ["Engine#1"])
    #expect(registry.takeEvents().released.isEmpty)
    #expect(engine == nil)
  }

  @Test func objectsMadeOutsideARunAreNotRegistered() {
    let engine = Engine()
    #expect(engine.lifetime.record == nil)
  }

  @Test func registriesDoNotShareCounters() {
    let first = LifetimeRegistry()
    let second = LifetimeRegistry()
    let a = LifetimeRegistry.$current.withValue(first) { Engine() }
    let b = LifetimeRegistry.$current.withValue(second) { Engine() }
    #expect(a.lifetime.record?.id == "Engine#1")
    #expect(b.lifetime.record?.id == "Engine#1")
  }
}
