import KooberKit
import KooberStory

/// The two mistakes a runtime container makes easy, one at a time: `chapter6 --mistake NAME`
/// plays the story with it. The compiler accepts both; the rules refuse the first, and the
/// container stops the app at `resolve` for the second.
public enum ContainerMistake: String, CaseIterable, Sendable {
  /// One word wrong: the signed-in view model registered `.container` in the app container,
  /// whose cache keeps it past sign-out and hands it to the next session.
  case wrongScope = "wrong-scope"
  /// No registration for the signed-in view model anywhere: the app stops at `resolve` in the
  /// step that first needs it.
  case missingRegistration = "missing-registration"
}

extension Chapter {
  /// Chapter 6's composition with `mistake`.
  public static func runtimeContainer(with mistake: ContainerMistake) -> Chapter {
    Chapter(number: 6, title: "Runtime container") {
      switch mistake {
      case .wrongScope:
        AppDelegate(signedIn: registerSignedInWithoutItsViewModel) { app in
          // The mistake: this registration belongs in the signed-in container.
          app.register(SignedInViewModel.self, scope: .container) { _ in SignedInViewModel() }
        }
      case .missingRegistration:
        AppDelegate(signedIn: registerSignedInWithoutItsViewModel)
      }
    }
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
