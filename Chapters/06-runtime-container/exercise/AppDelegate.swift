// A copy of Sources/Chapter6RuntimeContainer/AppDelegate.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import Bilingual
import KooberChapter
import KooberKit
import ObjectTrace

/// Chapter 6's app object: it registers the app's objects in a runtime container and resolves
/// the main screen from it.
@MainActor
public final class AppDelegate: KooberApp {
  let lifetime = Lifetime(of: AppDelegate.self)
  let appContainer = Container()
  let mainViewController: MainViewController

  /// Launches the app, with `signedIn` registering each session's objects in its container (and
  /// `alsoInApp`, anything more in the app container). Unless `verifying` is false, the
  /// registrations are verified first, and a mistake stops the app at launch.
  init(
    signedIn: @escaping SignedInRegistrations = KooberSignedInAssembly.register,
    verifying: Bool = true,
    alsoInApp: @MainActor (Container) -> Void = { _ in }
  ) {
    KooberAppAssembly.register(in: appContainer, signedIn: signedIn)
    alsoInApp(appContainer)
    if verifying {
      let problems = appContainer.verify(children: Self.childAssemblies(signedIn: signedIn))
      // In the language the process speaks: an exercise's `--lang`, or `workbook check`'s.
      precondition(problems.isEmpty, VerificationRefusal(problems: problems).text(in: .current))
    }
    mainViewController = appContainer.resolve(MainViewController.self)
  }

  // MARK: - Verifying

  /// The child containers the app makes, as `verify(children:)` dry-runs them: an onboarding,
  /// and a signed-in one for a made-up session; each asked, too, for what its screens will ask
  /// of it through their view-model factories.
  static func childAssemblies(signedIn: @escaping SignedInRegistrations)
    -> [Container.ChildAssembly]
  {
    [
      Container.ChildAssembly(
        scope: .onboarding, register: { KooberOnboardingAssembly.register(in: $0) },
        asks: {
          _ = ($0.makeWelcomeViewModel(), $0.makeSignInViewModel(), $0.makeSignUpViewModel())
        }),
      Container.ChildAssembly(
        scope: .signedIn, register: { signedIn($0, makeStandInSession()) },
        asks: { _ = $0.makeProfileViewModel() }),
    ]
  }

  /// A session to verify the signed-in registrations with, before anyone has signed in.
  static func makeStandInSession() -> UserSession {
    UserSession(
      profile: UserProfile(
        name: "Verify", nickname: "verify", email: "verify@koober.example",
        mobileNumber: "170-555-0100"),
      remoteSession: RemoteUserSession(token: Secret("verify-token")))
  }

  /// What verifying the app container with `signedIn` and `alsoInApp` finds, in a registry of its
  /// own: the app launched with them would stop at launch if any.
  static func verification(
    signedIn: @escaping SignedInRegistrations, alsoInApp: @MainActor (Container) -> Void
  ) -> [VerificationProblem] {
    LifetimeRegistry.$current.withValue(LifetimeRegistry()) {
      let appContainer = Container()
      KooberAppAssembly.register(in: appContainer, signedIn: signedIn)
      alsoInApp(appContainer)
      return appContainer.verify(children: childAssemblies(signedIn: signedIn))
    }
  }

  public var mainScreen: any MainScreenPresenting { mainViewController }
}

extension Chapter {
  /// Chapter 6: chapter 4's scopes, built by a runtime container and its child containers.
  public static let runtimeContainer: Chapter = runtimeContainer()

  /// Chapter 6 with `signedIn` registering each session's objects (exercise 10's registrations),
  /// `alsoInApp` registering more in the app container (a mistake's, in `ContainerMistake`),
  /// verified at launch unless `verifying` is false, playing `steps` (exercise 13's, the rides).
  public static func runtimeContainer(
    signedIn: @escaping SignedInRegistrations = KooberSignedInAssembly.register,
    alsoInApp: @escaping @MainActor (Container) -> Void = { _ in },
    verifying: Bool = true, steps: [StoryStep] = StoryStep.chapters
  ) -> Chapter {
    Chapter(
      number: 6, title: "Runtime container",
      makeApp: { AppDelegate(signedIn: signedIn, verifying: verifying, alsoInApp: alsoInApp) },
      steps: steps)
  }
}
