import KooberKit

/// A mistake exercise 16's grader plants in the signed-in scope, to see whether a learner's tests
/// notice. Each compiles, and each is a way an ambient scope goes wrong; the first two are
/// `chapter7 --mistake wrong-scope` and `kept-overrides`.
public enum SignedInScopeBug: String, CaseIterable, Sendable {
  /// Sets the session but not the signed-in view model, so every scope gets the key's live
  /// value: one for the app, kept by its live values after the screens go.
  case oneSignedInViewModel = "one-signed-in-view-model"
  /// Keeps one profile view-model factory per app, as a live value is kept, made inside the first
  /// scope: every later profile shows the first session, which never goes. (Kept in a list of
  /// the process rather than in the app's `LiveValues`, which the factory's captured values
  /// hold: that cycle is `chapter7 --mistake kept-overrides`'s leak, and a test process must not
  /// leak on purpose.)
  case profileKeptByTheApp = "profile-kept-by-the-app"
  /// The profile reports sign-out to the process's main view model, read from the process's
  /// live values, not the one of the values it was made in.
  case signsOutToTheProcess = "signs-out-to-the-process"
  /// Keeps every session it began in a list for the whole process: a session outlives its
  /// screens, and stays for every test that runs after.
  case keepsEverySession = "keeps-every-session"

  /// The bug planted for this run, `nil` for the real scope: set around the learner's tests by
  /// the grader, and read by every test's task, which inherits it.
  @TaskLocal public static var planted: SignedInScopeBug?

  /// The sessions ``keepsEverySession`` keeps.
  @MainActor static var everySession: [UserSession] = []
  /// The factory ``profileKeptByTheApp`` keeps for each app, by its live values.
  @MainActor static var appsProfiles: [ObjectIdentifier: ProfileViewModels] = [:]

  /// The broken scope's screens for `session`.
  @MainActor func begin(session: UserSession) -> SignedInViewController {
    switch self {
    case .oneSignedInViewModel:
      return withDependencies {
        // The bug: the signed-in view model is not set, so its live value is read.
        $0.set(UserSessionKey.self, to: session)
      } operation: {
        KooberScreens.makeSignedInScreens(profileViewModels: ProfileViewModels())
      }
    case .profileKeptByTheApp:
      return withDependencies {
        $0.set(UserSessionKey.self, to: session)
        $0.set(SignedInViewModelKey.self, to: SignedInViewModel())
      } operation: {
        // The bug: one factory for the app, made inside the first scope that asks for it.
        let app = ObjectIdentifier(DependencyValues.current.live)
        let profileViewModels = Self.appsProfiles[app] ?? ProfileViewModels()
        Self.appsProfiles[app] = profileViewModels
        return KooberScreens.makeSignedInScreens(profileViewModels: profileViewModels)
      }
    case .signsOutToTheProcess:
      return withDependencies {
        $0.set(UserSessionKey.self, to: session)
        $0.set(SignedInViewModelKey.self, to: SignedInViewModel())
      } operation: {
        @Dependency(UserSessionKey.self) var userSession
        @Dependency(SignedInViewModelKey.self) var signedInViewModel
        return SignedInViewController(
          viewModel: signedInViewModel, userSession: userSession,
          profileViewController: ProfileViewController(
            viewModelFactory: ProcessSigningOutProfileViewModels()))
      }
    case .keepsEverySession:
      // The bug: a list of every session, for the whole process.
      Self.everySession.append(session)
      return KooberScreens.makeSignedInViewController(session: session)
    }
  }
}

/// ``SignedInScopeBug/signsOutToTheProcess``'s profile factory: the values it was made in for
/// everything but the main view model, which it reads from the process's live values.
@MainActor private final class ProcessSigningOutProfileViewModels: ProfileViewModelFactory {
  @Dependency(UserSessionKey.self) var userSession
  @Dependency(SignedInViewModelKey.self) var signedInViewModel
  @Dependency(UserSessionRepositoryKey.self) var userSessionRepository

  func makeProfileViewModel() -> ProfileViewModel {
    // The bug: the process's main view model, which no test's values hold.
    let mainViewModel = LiveValues.ofTheProcess.value(for: MainViewModelKey.self) ?? MainViewModel()
    return ProfileViewModel(
      userSession: userSession, notSignedInResponder: mainViewModel,
      doneWithProfileResponder: signedInViewModel, userSessionRepository: userSessionRepository)
  }
}
