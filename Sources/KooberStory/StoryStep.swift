/// A step of the story every chapter plays, in order; the trace names it by its raw value.
public enum StoryStep: String, CaseIterable, Sendable {
  case launch
  case signUp = "sign-up"
  case signOut = "sign-out"
  case signIn = "sign-in"
  case quit

  /// The step's name, as the trace and `--step` write it: `sign-up`.
  public var name: String { rawValue }
}
