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

/// An object of the tests' own type without a lifetime token: walked, registered as untraced.
final class Untraced {
  var secretInside = Engine()
  var password = "hunter2"
}

/// A container of the tests' own type without a lifetime token.
final class UntracedScreenContainer {
  var passenger: Passenger?
}

/// A struct that refers to an object weakly, stored strongly in ``Watcher``.
struct WeakBox {
  weak var engine: Engine?
}

/// Refers to objects strongly, weakly and unowned.
final class Watcher {
  let lifetime = Lifetime(of: Watcher.self)
  weak var watched: Passenger?
  unowned let owner: Garage
  let depot = Depot()
  var box = WeakBox()
  var engine = Engine()

  init(owner: Garage) { self.owner = owner }
}

/// Holds many untraced objects and large values: the walk must stay bounded.
final class Hoard {
  let lifetime = Lifetime(of: Hoard.self)
  var branches: [Branch] = []
  var chain: ChainLink?
  var numbers: [Int] = []
  var nested: Nested = .leaf
}

/// Holds many untraced objects.
final class Branch {
  let items: [Untraced]
  init(items: [Untraced]) { self.items = items }
}

/// One link of a long chain of untraced objects.
final class ChainLink {
  var next: ChainLink?
  init(next: ChainLink? = nil) { self.next = next }
}

indirect enum Nested {
  case leaf
  case node(Nested)
}
