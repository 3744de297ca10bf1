import Bilingual
import KooberChapter
import KooberKit

/// Three mistakes ambient dependencies make easy, one at a time: `chapter7 --mistake NAME` plays
/// the story with it. The compiler accepts each; nothing fails where the mistake is written.
public enum AmbientMistake: String, CaseIterable, Sendable {
  /// The main screen's factory closures escape without carrying the app's values: called later,
  /// in a step's task, they read the process's live values instead — a second main view model
  /// and repository, which the app's main screen never hears from.
  case escapedOverride = "escaped-override"
  /// Sign-in sets the session but not the signed-in view model, so the key's live value is read:
  /// one for the whole app, kept by its live values past sign-out and handed to the next session.
  case wrongScope = "wrong-scope"
  /// The profile's view-model factory kept as a live value, one for the app: it is made at its
  /// first read, inside the first sign-in's scope, and its `@Dependency` properties keep that
  /// scope's values — the first session — for as long as the app runs (swift-dependencies #289's
  /// model that keeps its overrides, here in the app scope).
  case keptOverrides = "kept-overrides"

  /// The main screen, made with this mistake.
  @MainActor func makeMainViewController() -> MainViewController {
    switch self {
    case .escapedOverride:
      // The mistake: these closures read whatever values are current when they are called.
      MainViewController(
        viewModel: DependencyValues.current.value(
          MainViewModelKey.self, readBy: Localized(en: "the mistake", ko: "실수 코드")),
        launchViewController: KooberScreens.makeLaunchViewController(),
        onboardingViewControllerFactory: { KooberScreens.makeOnboardingViewController() },
        signedInViewControllerFactory: { KooberScreens.makeSignedInViewController(session: $0) })
    case .wrongScope:
      KooberScreens.makeMainViewController { session in
        withDependencies {
          // The mistake: the signed-in view model is not set, so its live value is read.
          $0.set(UserSessionKey.self, to: session)
        } operation: {
          KooberScreens.makeSignedInScreens(profileViewModels: ProfileViewModels())
        }
      }
    case .keptOverrides:
      KooberScreens.makeMainViewController { session in
        withDependencies {
          $0.set(UserSessionKey.self, to: session)
          $0.set(SignedInViewModelKey.self, to: SignedInViewModel())
        } operation: {
          // The mistake: one factory for the app, made inside the first session's scope.
          @Dependency(ProfileViewModelsKey.self) var profileViewModels
          return KooberScreens.makeSignedInScreens(profileViewModels: profileViewModels)
        }
      }
    }
  }
}

extension Chapter {
  /// Chapter 7's composition with `mistake`.
  public static func ambientDependencies(with mistake: AmbientMistake) -> Chapter {
    Chapter(number: 7, title: "Ambient dependencies") {
      AppDelegate { mistake.makeMainViewController() }
    }
  }
}

/// The profile's view-model factory as one live value for the app: `chapter7 --mistake
/// kept-overrides`. It is made at its first read, in the scope of that read.
enum ProfileViewModelsKey: DependencyKey {
  static func liveValue() -> ProfileViewModels? { ProfileViewModels() }
}
