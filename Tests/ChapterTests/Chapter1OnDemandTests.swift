import KooberStory
import Testing

@testable import Chapter1OnDemand
@testable import KooberKit

/// Chapter 1: objects built on demand, one global repository.
@Suite struct Chapter1OnDemandTests {
  @Test func theGlobalIsAliveAfterQuitAndReportedAsAGlobal() async {
    await #expect(processExitsWith: .success) {
      try await Self.theGlobalIsAliveAfterQuitAndReportedAsAGlobal()
    }
  }

  @Test func theMainScreenBuildsOnboardingItself() async {
    await #expect(processExitsWith: .success) {
      try await Self.theMainScreenBuildsOnboardingItself()
    }
  }
}

@MainActor
extension Chapter1OnDemandTests {
  static func theGlobalIsAliveAfterQuitAndReportedAsAGlobal() async throws {
    let sightings = Sightings()
    let trace = try await Story.run(.onDemand) { moment, app in sightings.look(at: moment, in: app)
    }
    // The repository the app used outlives the app: it is the global.
    #expect(sightings.repository != nil)
    #expect(sightings.repository === GlobalUserSessionRepository)
    #expect(sightings.mainViewModel == nil)  // the main view model was the app's, and went with it
    let quit = try #require(trace.steps.last)
    #expect(quit.roots.map(\.label) == ["GlobalUserSessionRepository"])
    #expect(quit.roots.allSatisfy { $0.global })
    #expect(
      quit.live == [
        "UserSessionPropertyListCoder#1", "KeychainUserSessionDataStore#1", "FakeAuthRemoteAPI#1",
        "KooberUserSessionRepository#1",
      ])
    #expect(quit.findings.isEmpty)  // held by a declared global: not a leak
  }

  static func theMainScreenBuildsOnboardingItself() async throws {
    let mainViewModel = MainViewModel()
    let launch = LaunchViewController(
      viewModel: LaunchViewModel(
        userSessionRepository: GlobalUserSessionRepository, notSignedInResponder: mainViewModel,
        signedInResponder: mainViewModel))
    let main = Chapter1OnDemand.MainViewController(
      viewModel: mainViewModel, launchViewController: launch)
    let first = main.makeOnboardingViewController()
    let second = main.makeOnboardingViewController()
    #expect(first !== second)
    #expect(first.viewModel !== second.viewModel)
    first.render()
    #expect(first.welcomeViewController.viewModel?.goToSignInNavigator === first.viewModel)
  }
}
