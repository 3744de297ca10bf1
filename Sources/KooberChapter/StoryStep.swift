/// A step of the story, in the order steps are played; the trace names it by its raw value.
///
/// Every chapter plays ``chapters``. An exercise whose composition goes further plays more: the
/// open exercise on the pick-me-up scope adds ``pickMeUp`` and ``sendRide`` after sign-up, and
/// ``newSessionRide`` after sign-in.
public enum StoryStep: String, CaseIterable, Codable, Sendable, CustomStringConvertible {
  case launch
  case signUp = "sign-up"
  /// Two ride requests, tapped at two places: the first opened and cancelled, the second opened
  /// and left open, so the step's trace shows an open request.
  case pickMeUp = "pick-me-up"
  /// The open request's ride picked and sent: its screen closes, and its objects should go.
  case sendRide = "send-ride"
  case signOut = "sign-out"
  case signIn = "sign-in"
  /// A ride request in the session signed in again, opened and cancelled: a new session's
  /// request, which should find nothing the last session recorded.
  case newSessionRide = "new-session-ride"
  case quit

  /// The five steps every chapter plays: launch, sign-up, sign-out, sign-in, quit.
  public static let chapters: [StoryStep] = [.launch, .signUp, .signOut, .signIn, .quit]

  /// Every chapter's steps and the ride requests of ``pickMeUp``, ``sendRide`` and
  /// ``newSessionRide``.
  public static let withRides: [StoryStep] = [
    .launch, .signUp, .pickMeUp, .sendRide, .signOut, .signIn, .newSessionRide, .quit,
  ]

  /// The step's name, as the trace and `--step` write it: `sign-up`.
  public var name: String { rawValue }

  /// The step's name, as a message names it: `sign-up`.
  public var description: String { rawValue }
}
