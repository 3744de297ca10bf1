// A copy of Sources/Chapter4ContainerHierarchy/KooberAppDependencyContainer.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import KooberKit
import ObjectTrace

/// Chapter 4's app-scope container: only what lives as long as the app, and the main screen.
///
/// It never stores a child container. It makes one when a scope begins and hands it to the
/// scope's screens; the child lives exactly as long as they do.
@MainActor
public final class KooberAppDependencyContainer {
  let lifetime = Lifetime(of: KooberAppDependencyContainer.self, role: .container)

  // MARK: - Long-lived dependencies

  let sharedUserSessionRepository: any UserSessionRepository
  let sharedMainViewModel: MainViewModel

  /// Creates the container and its long-lived objects.
  public init() {
    // Inline factory functions, not methods: Swift does not let `init` call a method on `self`
    // before every stored property is set, and these make the stored properties.
    func makeUserSessionRepository() -> any UserSessionRepository {
      let dataStore = makeUserSessionDataStore()
      let remoteAPI = makeAuthRemoteAPI()
      return KooberUserSessionRepository(dataStore: dataStore, remoteAPI: remoteAPI)
    }

    func makeUserSessionDataStore() -> any UserSessionDataStore {
      #if USER_SESSION_DATASTORE_FILEBASED
        return FileUserSessionDataStore(userSessionCoder: makeUserSessionCoder())
      #else
        return KeychainUserSessionDataStore(userSessionCoder: makeUserSessionCoder())
      #endif
    }

    func makeUserSessionCoder() -> any UserSessionCoding {
      UserSessionPropertyListCoder()
    }

    func makeAuthRemoteAPI() -> any AuthRemoteAPI {
      FakeAuthRemoteAPI()
    }

    func makeMainViewModel() -> MainViewModel {
      MainViewModel()
    }

    self.sharedUserSessionRepository = makeUserSessionRepository()
    self.sharedMainViewModel = makeMainViewModel()
  }

  // MARK: - Main

  /// The main screen; its factory closures call back into this container.
  public func makeMainViewController() -> MainViewController {
    let launchViewController = makeLaunchViewController()
    let onboardingViewControllerFactory = {
      self.makeOnboardingViewController()
    }
    let signedInViewControllerFactory = { (userSession: UserSession) in
      self.makeSignedInViewController(session: userSession)
    }
    return MainViewController(
      viewModel: sharedMainViewModel, launchViewController: launchViewController,
      onboardingViewControllerFactory: onboardingViewControllerFactory,
      signedInViewControllerFactory: signedInViewControllerFactory)
  }

  /// The launch screen.
  public func makeLaunchViewController() -> LaunchViewController {
    LaunchViewController(viewModel: makeLaunchViewModel())
  }

  /// The launch view model.
  public func makeLaunchViewModel() -> LaunchViewModel {
    LaunchViewModel(
      userSessionRepository: sharedUserSessionRepository,
      notSignedInResponder: sharedMainViewModel, signedInResponder: sharedMainViewModel)
  }

  // MARK: - Child scopes

  /// A new onboarding, made by a new onboarding container that this one does not keep.
  public func makeOnboardingViewController() -> OnboardingViewController {
    let onboardingDependencyContainer = KooberOnboardingDependencyContainer(
      appDependencyContainer: self)
    return onboardingDependencyContainer.makeOnboardingViewController()
  }

  /// The signed-in screens, made by a new signed-in container that this one does not keep.
  public func makeSignedInViewController(session: UserSession) -> SignedInViewController {
    let signedInDependencyContainer = KooberSignedInDependencyContainer(
      userSession: session, appDependencyContainer: self)
    return signedInDependencyContainer.makeSignedInViewController()
  }
}
