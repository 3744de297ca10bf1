import KooberKit

/// Chapter 7's signed-in scope as a test begins it, without the rest of the app: what exercise
/// 16's tests check, in the values the test is given. (This folder, `UnderTest/`, is exercise
/// 16's code, not the chapter's composition: `workbook cost` counts only the module's top-level
/// files.)
///
/// `begin(session:)` is what sign-in runs (`KooberScreens.makeSignedInViewController(session:)`),
/// unless exercise 16's grader planted a bug (``SignedInScopeBug``): then it is the broken copy.
public enum SignedInScope {
  /// The signed-in screens for `session`, made as sign-in makes them, in the values current now:
  /// the session and a new signed-in view model set for what the scope makes.
  @MainActor public static func begin(session: UserSession) -> SignedInViewController {
    if DependencyValues.current.live === LiveValues.ofTheProcess { beganInTheProcessValues?() }
    guard let bug = SignedInScopeBug.planted else {
      return KooberScreens.makeSignedInViewController(session: session)
    }
    return bug.begin(session: session)
  }

  /// Called when ``begin(session:)`` runs in the process's own live values, which every test of
  /// the process shares: a test that was given no values of its own. Exercise 16's program sets
  /// it, to record an issue in that test; nothing else does.
  @MainActor package static var beganInTheProcessValues: (@MainActor () -> Void)?
}
