// Exercise 15 — your file: the map's view model, which decides where the pickup pin is.
import KooberKit

// exercise: begin
/// What the map's view model tells when its pin moves: the screen that shows the pin.
@MainActor
public protocol PickupPinDisplay: AnyObject {
  /// Shows the pin at `location`.
  func showPin(at location: Location)
}

/// Where the rider will wait: the pickup pin's place, which the rider may drag.
@MainActor
public final class PickupMapViewModel {
  /// Where the pin is.
  public private(set) var pickupLocation: Location
  /// The screen that shows the pin, set after init. The screen owns this view model, so this
  /// reference back to it is weak: a strong one would make a cycle that nothing releases.
  public weak var display: (any PickupPinDisplay)?

  /// A view model whose pin starts at `pickupLocation`.
  public init(pickupLocation: Location) {
    self.pickupLocation = pickupLocation
  }

  /// Moves the pin to `location` and tells the screen.
  public func movePin(to location: Location) {
    pickupLocation = location
    display?.showPin(at: location)
  }
}
// exercise: starter
// /// Where the rider will wait: the pickup pin's place, which the rider may drag.
// @MainActor
// public final class PickupMapViewModel {
// }
// exercise: end
