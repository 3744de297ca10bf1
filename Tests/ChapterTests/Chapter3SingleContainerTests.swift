import KooberStory
import ObjectTrace
import Testing

@testable import Chapter3SingleContainer
@testable import KooberKit

/// Chapter 3: one container, and the scoped objects it keeps too long.
@Suite struct Chapter3SingleContainerTests {
  @Test @MainActor func theFirstOnboardingViewModelOutlivesSignUpInTheContainer() async throws {
    let sightings = Sightings()
    var checked = false
    _ = try await Story.run(.singleContainer) { moment, app in
      sightings.look(at: moment, in: app)
      guard moment == .endOf(.signUp), let app = app as? AppDelegate else { return }
      #expect(sightings.firstOnboardingViewController == nil)  // its screen is gone…
      #expect(sightings.firstOnboardingViewModel != nil)  // …its view model is not,
      #expect(app.appContainer.sharedOnboardingViewModel === sightings.firstOnboardingViewModel)
      checked = true
    }
    #expect(checked)
  }

  @Test @MainActor func theSignedOutSessionIsStillReachableAfterSignOut() async throws {
    let sightings = Sightings()
    var checked = false
    _ = try await Story.run(.singleContainer) { moment, app in
      sightings.look(at: moment, in: app)
      guard moment == .endOf(.signOut), let app = app as? AppDelegate else { return }
      #expect(sightings.firstUserSession != nil)
      #expect(app.appContainer.signedInUserSession === sightings.firstUserSession)
      #expect(app.appContainer.sharedSignedInViewModel === sightings.firstSignedInViewModel)
      checked = true
    }
    #expect(checked)
  }

  @Test @MainActor func theTraceReportsTheStaleObjects() async throws {
    let trace = try await Story.run(.singleContainer)
    let findings = Dictionary(uniqueKeysWithValues: trace.steps.map { ($0.name, $0.findings) })
    #expect(findings["launch"]?.isEmpty == true)
    let signUp = try #require(findings["sign-up"])
    #expect(signUp.contains { $0.kind == .stale && $0.object == "OnboardingViewModel#1" })
    #expect(
      signUp.contains { $0.kind == .captive && $0.object == "KooberAppDependencyContainer#1" })
    let signOut = try #require(findings["sign-out"])
    #expect(
      Set(signOut.filter { $0.kind == .stale }.map(\.object)) == [
        "UserSession#1", "SignedInViewModel#1",
      ])
    #expect(signOut.contains { $0.object == "UserSession#1" && $0.detail.contains("secret") })
    #expect(trace.steps[1].live.contains("OnboardingViewModel#1"))
    #expect(
      trace.steps[1].holders.first { $0.object == "OnboardingViewModel#1" }?.heldBy == [
        "KooberAppDependencyContainer#1"
      ])
  }

  @Test @MainActor func nothingIsAliveAfterQuit() async throws {
    let sightings = Sightings()
    let trace = try await Story.run(.singleContainer) { moment, app in
      sightings.look(at: moment, in: app)
    }
    #expect(trace.steps.last?.live == [])
    #expect(trace.steps.last?.findings == [])
    #expect(sightings.repository == nil)
    #expect(sightings.mainViewModel == nil)
  }
}
