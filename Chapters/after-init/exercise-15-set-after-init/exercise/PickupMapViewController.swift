// Exercise 15 — your file: the map of the pickup spot, a screen the map framework makes.
import KooberKit

/// The map of the pickup spot. The map framework makes it with `init()`.
@MainActor
public final class PickupMapViewController: MapFrameworkScreen {
  public private(set) var shownPin: Location?
  public private(set) var notice: String?

  public init() {}

  public func render() {}

  public func pinDragged(to location: Location) {}
}
