// Exercise 15 — your file: the map's view model, which decides where the pickup pin is.
import KooberKit

/// Where the rider will wait: the pickup pin's place, which the rider may drag.
@MainActor
public final class PickupMapViewModel {
}
