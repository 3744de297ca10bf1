// Exercise 15 — your file: the map of the pickup spot, a screen the map framework makes.
import KooberKit

// exercise: begin
/// The map of the pickup spot. The map framework makes it with `init()`, so its view model is
/// set afterwards, by the composition.
@MainActor
public final class PickupMapViewController: MapFrameworkScreen, PickupPinDisplay {
  /// Set after init: the framework's `init()` takes nothing. The screen owns it, so the
  /// reference is strong; `nil` until the composition sets it.
  public var viewModel: PickupMapViewModel?
  public private(set) var shownPin: Location?
  public private(set) var notice: String?

  public init() {}

  public func render() {
    guard let viewModel else {
      notice = Self.noViewModel
      return
    }
    notice = nil
    shownPin = viewModel.pickupLocation
  }

  public func pinDragged(to location: Location) {
    guard let viewModel else {
      notice = Self.noViewModel
      return
    }
    viewModel.movePin(to: location)
  }

  public func showPin(at location: Location) {
    shownPin = location
  }

  /// What the screen says when nobody set its view model: what is missing, not a crash.
  static let noViewModel = "The map has no view model: nobody set it after the framework made it."
}
// exercise: starter
// /// The map of the pickup spot. The map framework makes it with `init()`.
// @MainActor
// public final class PickupMapViewController: MapFrameworkScreen {
//   public private(set) var shownPin: Location?
//   public private(set) var notice: String?
//
//   public init() {}
//
//   public func render() {}
//
//   public func pinDragged(to location: Location) {}
// }
// exercise: end
