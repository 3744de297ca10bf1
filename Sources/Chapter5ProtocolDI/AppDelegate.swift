import KooberChapter
import KooberKit
import ObjectTrace

/// Chapter 5's app object: the composition root. It alone decides which implementations run.
@MainActor
public final class AppDelegate: KooberApp {
  let lifetime = Lifetime(of: AppDelegate.self)
  let appContainer: KooberAppDependencyContainer
  let mainViewController: MainViewController

  /// Launches the app with the implementations `services` chooses.
  public init(services: KooberServices) {
    appContainer = KooberAppDependencyContainer(services: services)
    mainViewController = appContainer.makeMainViewController()
  }

  public var mainScreen: any MainScreenPresenting { mainViewController }
}

extension Chapter {
  /// Chapter 5 with the fake server: the default run.
  public static let protocolDI = Chapter.protocolDI(services: .forServer(.fake))

  /// Chapter 5 with the implementations `services` chooses.
  public static func protocolDI(services: KooberServices) -> Chapter {
    Chapter(number: 5, title: "Protocol DI", makeApp: { AppDelegate(services: services) })
  }
}
