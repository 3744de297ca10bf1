import KooberChapter
import KooberKit
import ObjectTrace

/// Screens built alone, with fakes and no app container: what previews get from protocol DI.
@MainActor
public enum KooberPreviews {
  /// The screens that can be previewed, by their command-line name.
  public enum Screen: String, CaseIterable, Sendable {
    case welcome
    case signIn = "sign-in"
    case signUp = "sign-up"
    case profile
  }

  /// The session a preview shows: made up, with a made-up token.
  public static func makePreviewUserSession() -> UserSession {
    UserSession(
      profile: UserProfile(
        name: "Preview Person", nickname: "preview", email: "preview@koober.example",
        mobileNumber: "170-555-0199"),
      remoteSession: RemoteUserSession(token: Secret("preview-token")))
  }

  /// A repository over an in-memory store and the fake server.
  public static func makePreviewRepository() -> any UserSessionRepository {
    KooberUserSessionRepository(
      dataStore: KeychainUserSessionDataStore(userSessionCoder: UserSessionPropertyListCoder()),
      remoteAPI: FakeAuthRemoteAPI())
  }

  /// The screen `screen`, built alone.
  public static func make(_ screen: Screen) -> any KooberKit.Screen {
    let responder = PreviewResponder()
    switch screen {
    case .welcome:
      return WelcomeViewController(
        viewModelFactory: MakeViewModel {
          WelcomeViewModel(goToSignUpNavigator: responder, goToSignInNavigator: responder)
        })
    case .signIn:
      return SignInViewController(
        viewModelFactory: MakeViewModel {
          SignInViewModel(
            userSessionRepository: makePreviewRepository(), signedInResponder: responder)
        })
    case .signUp:
      return SignUpViewController(
        viewModelFactory: MakeViewModel {
          SignUpViewModel(
            userSessionRepository: makePreviewRepository(), signedInResponder: responder)
        })
    case .profile:
      return ProfileViewController(
        viewModelFactory: MakeViewModel {
          ProfileViewModel(
            userSession: makePreviewUserSession(), notSignedInResponder: responder,
            doneWithProfileResponder: responder, userSessionRepository: makePreviewRepository())
        })
    }
  }

  /// The trace of a preview: the screen shown (`preview`), then dropped (`close`).
  public static func trace(of screen: Screen) -> Trace {
    let registry = LifetimeRegistry()
    return LifetimeRegistry.$current.withValue(registry) {
      var tracer = Tracer(registry: registry)
      var shown: (any KooberKit.Screen)? = make(screen)
      shown?.render()
      tracer.record(
        step: "preview", screen: shown?.shownDescription ?? "",
        roots: shown.map { [Tracer.Root("screen", $0)] } ?? [])
      shown = nil
      tracer.record(step: "close", screen: "(the preview is closed)", roots: [])
      return tracer.trace(chapter: 5, title: "Protocol DI — preview of \(screen.rawValue)")
    }
  }
}

/// Stands in for every responder and navigator a previewed screen may call, and remembers the
/// calls instead of navigating anywhere.
@MainActor
public final class PreviewResponder: NotSignedInResponder, SignedInResponder,
  DoneWithProfileResponder,
  GoToSignUpNavigator, GoToSignInNavigator
{
  let lifetime = Lifetime(of: PreviewResponder.self)
  /// What the screen asked for, in order.
  public private(set) var calls: [String] = []

  /// Creates a responder with no calls.
  public init() {}

  public func notSignedIn() { calls.append("notSignedIn") }
  public func signedIn(to userSession: UserSession) { calls.append("signedIn") }
  public func doneWithProfile() { calls.append("doneWithProfile") }
  public func navigateToSignUp() { calls.append("navigateToSignUp") }
  public func navigateToSignIn() { calls.append("navigateToSignIn") }
}
