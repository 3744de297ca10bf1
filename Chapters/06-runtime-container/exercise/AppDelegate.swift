import KooberKit
import KooberStory
import ObjectTrace

/// Chapter 6's app object: it registers the app's objects in a runtime container and resolves
/// the main screen from it.
@MainActor
public final class AppDelegate: KooberApp {
  let lifetime = Lifetime(of: AppDelegate.self)
  let appContainer = Container()
  let mainViewController: MainViewController

  /// Launches the app, with `signedIn` registering each session's objects in its container (and
  /// `alsoInApp`, anything more in the app container).
  init(
    signedIn: @escaping SignedInRegistrations = KooberSignedInAssembly.register,
    alsoInApp: @MainActor (Container) -> Void = { _ in }
  ) {
    KooberAppAssembly.register(in: appContainer, signedIn: signedIn)
    alsoInApp(appContainer)
    mainViewController = appContainer.resolve(MainViewController.self)
  }

  public var mainScreen: any MainScreenPresenting { mainViewController }
}

extension Chapter {
  /// Chapter 6: chapter 4's scopes, built by a runtime container and its child containers.
  public static let runtimeContainer: Chapter = runtimeContainer()

  /// Chapter 6 with `signedIn` registering each session's objects: exercise 10's registrations.
  public static func runtimeContainer(
    signedIn: @escaping SignedInRegistrations = KooberSignedInAssembly.register
  ) -> Chapter {
    Chapter(number: 6, title: "Runtime container", makeApp: { AppDelegate(signedIn: signedIn) })
  }
}
