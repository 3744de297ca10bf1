/// A place on the map: where a rider asks to be picked up.
///
/// A value, not an object: a ride request's container receives it as scope context, as the book's
/// `KooberPickMeUpDependencyContainer(signedInDependencyContainer:pickupLocation:)` does.
public struct Location: Sendable, Hashable {
  /// Degrees north.
  public let latitude: Double
  /// Degrees east.
  public let longitude: Double

  /// Creates a location.
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}
