import KooberKit

// MARK: - The app scope: live values, made once per app at their first read

/// The app's one session repository, and what it is made of.
public enum UserSessionRepositoryKey: DependencyKey {
  public static func liveValue() -> (any UserSessionRepository & Sendable)? {
    #if USER_SESSION_DATASTORE_FILEBASED
      let dataStore = FileUserSessionDataStore(userSessionCoder: UserSessionPropertyListCoder())
    #else
      let dataStore = KeychainUserSessionDataStore(userSessionCoder: UserSessionPropertyListCoder())
    #endif
    return KooberUserSessionRepository(dataStore: dataStore, remoteAPI: FakeAuthRemoteAPI())
  }
}

/// The app's one main view model.
public enum MainViewModelKey: DependencyKey {
  public static func liveValue() -> MainViewModel? { MainViewModel() }
}

// MARK: - Shorter scopes: no live value, set by the scope when it begins

/// One onboarding's view model, set when onboarding is shown.
public enum OnboardingViewModelKey: DependencyKey {
  public typealias Value = OnboardingViewModel
}

/// The signed-in session.
public enum UserSessionKey: DependencyKey {
  public typealias Value = UserSession
}

/// A signed-in view model. It has a live value, one for the app, as swift-dependencies asks of
/// every `DependencyKey`.
public enum SignedInViewModelKey: DependencyKey {
  public static func liveValue() -> SignedInViewModel? { SignedInViewModel() }
}
