/// Two mistakes ambient dependencies make easy, one at a time: `chapter7 --mistake NAME` plays
/// the story with it. The compiler accepts both; nothing fails where the mistake is written.
public enum AmbientMistake: String, CaseIterable, Sendable {
  /// The main screen's factory closures escape without carrying the app's values: called later,
  /// in a step's task, they read the process's live values instead — a second main view model
  /// and repository, which the app's main screen never hears from.
  case escapedOverride = "escaped-override"
  /// Sign-in sets the session but not the signed-in view model, so the key's live value is read:
  /// one for the whole app, kept by its live values past sign-out and handed to the next session.
  case wrongScope = "wrong-scope"
}
