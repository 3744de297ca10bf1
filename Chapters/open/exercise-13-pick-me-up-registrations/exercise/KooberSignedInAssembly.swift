// Chapter 6's signed-in registrations, whose screens can now request a ride: "Pick me up" asks
// a PickMeUpContainerMaker for a ride request's screens, and it fills each request's child
// container with `KooberPickMeUpAssembly.register(in:pickupLocation:)`, which you write. Add
// here any registration you decide belongs to the session rather than to one request.
import KooberKit
import ObjectTrace

/// What one signed-in session's child container knows how to make: the session it was given,
/// and the signed-in screens; the rest it resolves from the app container.
@MainActor
public enum KooberSignedInAssembly {
  /// Registers the signed-in scope's objects in `container`.
  public static func register(in container: Container, session: UserSession) {
    // MARK: - Long-lived within the session

    container.register(UserSession.self, instance: session)
    container.register(SignedInViewModel.self, scope: .container) { _ in SignedInViewModel() }

    // MARK: - Signed in

    container.register(SignedInViewController.self, scope: .transient) { resolver in
      SignedInViewController(
        viewModel: resolver.resolve(SignedInViewModel.self),
        userSession: resolver.resolve(UserSession.self),
        profileViewController: resolver.resolve(ProfileViewController.self),
        pickMeUpViewControllerFactory: PickMeUpContainerMaker(
          signedIn: resolver, registering: KooberPickMeUpAssembly.register))
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
}
