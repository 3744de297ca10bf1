import ObjectTrace

// MARK: - Small traced types to walk

let screenScope = LifetimeScope(name: "screen", depth: 1)

protocol Service: AnyObject {}

final class Engine: Service {
  let lifetime = Lifetime(of: Engine.self)
  var speed = 3
}

final class Car {
  let lifetime = Lifetime(of: Car.self)
  let engine: any Service
  let spare: Engine?
  var passengers: [Passenger]
  let makeEngine: () -> Engine
  let password = "hunter2"
  let key = Secret("s3cr3t-key")
  var gear: Gear = .park

  init(
    engine: any Service, spare: Engine?, passengers: [Passenger], makeEngine: @escaping () -> Engine
  ) {
    self.engine = engine
    self.spare = spare
    self.passengers = passengers
    self.makeEngine = makeEngine
  }
}

final class Passenger {
  let lifetime = Lifetime(of: Passenger.self, scope: screenScope)
  var name: String
  var seatBelt: SeatBelt?

  init(name: String) { self.name = name }
}

final class SeatBelt {
  let lifetime = Lifetime(of: SeatBelt.self, scope: screenScope)
  var owner: Passenger?
}

/// A screen that opens `screenScope`.
final class Screen {
  let lifetime = Lifetime(of: Screen.self, scope: screenScope, role: .scopeScreen)
  var passenger: Passenger?
}

/// A dependency container: keeps a passenger for later.
final class Depot {
  let lifetime = Lifetime(of: Depot.self, role: .container)
  var kept: Passenger?
  var engine: Engine?
}

/// A type its scope holds one of at a time.
final class Dispatcher {
  let lifetime = Lifetime(of: Dispatcher.self, onePerScope: true)
}

/// Holds dispatchers.
final class Office {
  let lifetime = Lifetime(of: Office.self)
  var dispatchers: [Dispatcher] = []
}

/// Holds things for a test's roots.
final class Garage {
  let lifetime = Lifetime(of: Garage.self)
  var car: Car?
  var screen: Screen?
  var kept: Passenger?
  var lazyLabel: Int { lazyStorage }
  lazy var lazyStorage = 7
}

enum Gear { case park, drive(Engine) }

/// An object without a lifetime token: shown as an opaque leaf.
final class Untraced {
  var secretInside = Engine()
}
