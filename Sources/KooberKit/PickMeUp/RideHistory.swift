import ObjectTrace

/// The rides sent in one signed-in session, oldest first: every ride request of the session adds
/// the ride it sent, and suggests the last one.
///
/// One per session. A new session starts with an empty history, so a second rider never sees the
/// first one's rides.
@MainActor
public final class RideHistory {
  let lifetime = Lifetime(of: RideHistory.self, scope: .signedIn, onePerScope: true)
  /// The rides sent so far this session, oldest first.
  public private(set) var sentRides: [RideOption] = []

  /// Creates an empty history.
  public init() {}

  /// Adds `option`, a ride just sent.
  public func recordSentRide(_ option: RideOption) { sentRides.append(option) }
}
