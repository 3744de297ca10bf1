import KooberChapter
import KooberKit
import ObjectTrace

/// The two mistakes a runtime container makes easy, one at a time: `chapter6 --mistake NAME`
/// plays the story with it. The compiler accepts both; `verify()` refuses both at launch (the
/// first as a captive, the second by stopping the app with the registration that needs the
/// missing type). Without verifying, the rules refuse the first after sign-out, and the container
/// stops the app at `resolve` for the second, in the step that first needs it.
public enum ContainerMistake: String, CaseIterable, Sendable {
  /// The signed-in view model registered in the app container, `.container`, instead of the
  /// signed-in one's: that cache would keep it past sign-out and hand it to the next session.
  /// `verify()` refuses it at launch.
  case wrongScope = "wrong-scope"
  /// No registration for the signed-in view model anywhere: the app stops at `resolve` in the
  /// step that first needs it, or at launch when verifying.
  case missingRegistration = "missing-registration"

  /// What the mistake registers in the app container, besides the app's assembly.
  var alsoInApp: @MainActor (Container) -> Void {
    switch self {
    case .wrongScope:
      { app in
        // The mistake: this registration belongs in the signed-in container.
        app.register(SignedInViewModel.self, scope: .container) { _ in SignedInViewModel() }
      }
    case .missingRegistration:
      { _ in }
    }
  }

  /// What `verify()` finds in the composition with this mistake, before any story runs (the
  /// missing registration stops the app instead, as it does at launch).
  @MainActor public var verification: [VerificationProblem] {
    AppDelegate.verification(signedIn: registerSignedInWithoutItsViewModel, alsoInApp: alsoInApp)
  }
}

extension Chapter {
  /// Chapter 6's composition with `mistake`, verified at launch unless `verifying` is false.
  public static func runtimeContainer(with mistake: ContainerMistake, verifying: Bool = true)
    -> Chapter
  {
    runtimeContainer(
      signedIn: registerSignedInWithoutItsViewModel, alsoInApp: mistake.alsoInApp,
      verifying: verifying)
  }
}

/// Chapter 6's signed-in registrations without the signed-in view model's.
@MainActor func registerSignedInWithoutItsViewModel(
  in container: Container, session: UserSession
) {
  container.register(UserSession.self, instance: session)
  container.register(SignedInViewController.self, scope: .transient) { resolver in
    SignedInViewController(
      viewModel: resolver.resolve(SignedInViewModel.self),
      userSession: resolver.resolve(UserSession.self),
      profileViewController: resolver.resolve(ProfileViewController.self))
  }
  container.register(ProfileViewController.self, scope: .transient) { resolver in
    ProfileViewController(viewModelFactory: resolver)
  }
  container.register(ProfileViewModel.self, scope: .transient) { resolver in
    ProfileViewModel(
      userSession: resolver.resolve(UserSession.self),
      notSignedInResponder: resolver.resolve(MainViewModel.self),
      doneWithProfileResponder: resolver.resolve(SignedInViewModel.self),
      userSessionRepository: resolver.resolve(UserSessionRepository.self))
  }
}
