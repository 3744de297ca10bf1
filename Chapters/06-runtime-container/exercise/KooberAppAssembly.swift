// A copy of Sources/Chapter6RuntimeContainer/KooberAppAssembly.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import KooberKit
import ObjectTrace

/// What the app container knows how to make: what lives as long as the app, and the main
/// screen. Swinject calls a group of registrations an assembly.
@MainActor
enum KooberAppAssembly {
  /// Registers the app scope's objects in `container`; `signedIn` registers each session's.
  static func register(in container: Container, signedIn: @escaping SignedInRegistrations) {
    // MARK: - Long-lived dependencies: one per app, kept in the container's cache

    container.register(UserSessionRepository.self, scope: .container) { resolver in
      KooberUserSessionRepository(
        dataStore: resolver.resolve(UserSessionDataStore.self),
        remoteAPI: resolver.resolve(AuthRemoteAPI.self))
    }
    container.register(MainViewModel.self, scope: .container) { _ in MainViewModel() }

    // MARK: - Made once, kept by whoever asked

    container.register(UserSessionDataStore.self) { resolver in
      #if USER_SESSION_DATASTORE_FILEBASED
        FileUserSessionDataStore(userSessionCoder: resolver.resolve(UserSessionCoding.self))
      #else
        KeychainUserSessionDataStore(userSessionCoder: resolver.resolve(UserSessionCoding.self))
      #endif
    }
    container.register(UserSessionCoding.self) { _ in UserSessionPropertyListCoder() }
    container.register(AuthRemoteAPI.self) { _ in FakeAuthRemoteAPI() }

    // MARK: - Main

    container.register(MainViewController.self, scope: .transient) { resolver in
      MainViewController(
        viewModel: resolver.resolve(MainViewModel.self),
        launchViewController: resolver.resolve(LaunchViewController.self),
        onboardingViewControllerFactory: {
          makeOnboardingViewController(app: resolver)
        },
        signedInViewControllerFactory: { userSession in
          makeSignedInViewController(session: userSession, app: resolver, registering: signedIn)
        })
    }
    container.register(LaunchViewController.self, scope: .transient) { resolver in
      LaunchViewController(viewModel: resolver.resolve(LaunchViewModel.self))
    }
    container.register(LaunchViewModel.self, scope: .transient) { resolver in
      LaunchViewModel(
        userSessionRepository: resolver.resolve(UserSessionRepository.self),
        notSignedInResponder: resolver.resolve(MainViewModel.self),
        signedInResponder: resolver.resolve(MainViewModel.self))
    }
  }

  // MARK: - Child scopes

  /// A new onboarding, made by a new child container that the app container does not keep: the
  /// screens keep it, as their view model factory.
  static func makeOnboardingViewController(app: Container) -> OnboardingViewController {
    let onboarding = Container(scope: .onboarding, parent: app)
    KooberOnboardingAssembly.register(in: onboarding)
    return onboarding.resolve(OnboardingViewController.self)
  }

  /// The signed-in screens for `session`, made by a new child container that the app container
  /// does not keep; `registering` fills it.
  static func makeSignedInViewController(
    session: UserSession, app: Container, registering: SignedInRegistrations
  ) -> SignedInViewController {
    let signedIn = Container(scope: .signedIn, parent: app)
    registering(signedIn, session)
    return signedIn.resolve(SignedInViewController.self)
  }
}

/// What registers one signed-in session's objects in its child container, given the session.
public typealias SignedInRegistrations = @MainActor (Container, UserSession) -> Void
