import ObjectTrace

// MARK: - The Koober app's scopes

extension LifetimeScope {
  /// One per time onboarding (welcome, sign in, sign up) is shown.
  public static let onboarding = LifetimeScope(name: "onboarding", depth: 1)
  /// One per signed-in session, from sign-in (or sign-up) to sign-out.
  public static let signedIn = LifetimeScope(name: "signed-in", depth: 1)
  /// One per ride request, inside a signed-in session: from "Pick me up" until the request is
  /// sent or cancelled.
  public static let pickMeUp = LifetimeScope(name: "pick-me-up", depth: 2)
}
