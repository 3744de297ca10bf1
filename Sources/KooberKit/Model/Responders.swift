// MARK: - Responders and navigators
//
// Small protocols that say a role: a view model depends on the role, not on the object that
// plays it. In every chapter one `MainViewModel` plays the main responders, and within one
// onboarding one `OnboardingViewModel` plays both navigators.

/// Told when there is no signed-in user (at launch, or after sign-out).
@MainActor public protocol NotSignedInResponder: AnyObject {
  /// Show onboarding.
  func notSignedIn()
}

/// Told when a user has signed in (or signed up).
@MainActor public protocol SignedInResponder: AnyObject {
  /// Show the signed-in screens for `userSession`.
  func signedIn(to userSession: UserSession)
}

/// Moves onboarding to the sign-up screen.
@MainActor public protocol GoToSignUpNavigator: AnyObject {
  /// Show sign up.
  func navigateToSignUp()
}

/// Moves onboarding to the sign-in screen.
@MainActor public protocol GoToSignInNavigator: AnyObject {
  /// Show sign in.
  func navigateToSignIn()
}

/// Told when the user closes the profile screen.
@MainActor public protocol DoneWithProfileResponder: AnyObject {
  /// Dismiss the profile.
  func doneWithProfile()
}
