import KooberRules
import KooberStory
import Testing

@testable import Chapter2Factories
@testable import KooberKit

/// Chapter 2: stateless factories, globals for the long-lived objects.
@Suite struct Chapter2FactoriesTests {
  @Test @MainActor func theFactoriesHoldNoObjects() {
    let factories = KooberObjectFactories()
    #expect(Mirror(reflecting: factories).children.isEmpty)
    // Each call makes a new object: the factories remember nothing.
    #expect(factories.makeMainViewModel() !== factories.makeMainViewModel())
    #expect(factories.makeOnboardingViewModel() !== factories.makeOnboardingViewModel())
  }

  @Test func theGlobalMainViewModelIsTheAppsAndKeepsTheLastSessionAfterQuit() async {
    await #expect(processExitsWith: .success) {
      try await Self.theGlobalMainViewModelIsTheAppsAndKeepsTheLastSessionAfterQuit()
    }
  }

}

@MainActor
extension Chapter2FactoriesTests {
  static func theGlobalMainViewModelIsTheAppsAndKeepsTheLastSessionAfterQuit() async throws {
    let sightings = Sightings()
    let trace = try await Story.run(.factories) { moment, app in
      sightings.look(at: moment, in: app)
      if moment == .endOf(.launch) {
        #expect(app?.mainScreen.viewModel === GlobalMainViewModel)
        #expect(
          app?.mainScreen.launchViewController.viewModel.userSessionRepository
            === GlobalUserSessionRepository)
      }
    }
    #expect(sightings.mainViewModel === GlobalMainViewModel)
    // The global still says "signed in" after the app quit, and keeps that user's session.
    guard case .signedIn(let userSession) = GlobalMainViewModel.view else {
      Issue.record("the global main view model should still be signed in after quit")
      return
    }
    #expect(traceID(of: userSession) == "UserSession#2")
    let quit = try #require(trace.steps.last)
    #expect(quit.roots.map(\.label) == ["GlobalUserSessionRepository", "GlobalMainViewModel"])
    // The session is stale, and the global main view model is why: it holds it captive.
    #expect(quit.findings.map(\.kind) == [.stale, .captive])
    #expect(quit.findings.map(\.object) == ["UserSession#2", "MainViewModel#1"])
    #expect(!quit.findings.contains { $0.kind == .leak })
  }

}
