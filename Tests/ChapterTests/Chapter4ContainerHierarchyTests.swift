import KooberRules
import KooberStory
import ObjectTrace
import ObjectTraceTesting
import Testing

@testable import Chapter4ContainerHierarchy
@testable import KooberKit

/// Chapter 4: a container per scope, released together with its screens.
@Suite struct Chapter4ContainerHierarchyTests {
  @Test @MainActor func eachOnboardingHasItsOwnContainerAndViewModel() async throws {
    var containers: [String] = []
    _ = try await Story.run(.containerHierarchy) { moment, app in
      guard case .endOf = moment,
        let onboarding = app?.mainScreen.shown(OnboardingViewController.self)
      else { return }
      let factories: [Any] = [
        onboarding.welcomeViewController.viewModelFactory,
        onboarding.signInViewController.viewModelFactory,
        onboarding.signUpViewController.viewModelFactory,
      ]
      let container = try? #require(factories[0] as? KooberOnboardingDependencyContainer)
      for factory in factories {
        #expect((factory as? KooberOnboardingDependencyContainer) === container)
      }
      #expect(container?.sharedOnboardingViewModel === onboarding.viewModel)
      #expect(
        onboarding.welcomeViewController.viewModel?.goToSignUpNavigator === onboarding.viewModel)
      containers.append(container.flatMap { traceID(of: $0) } ?? "?")
    }
    #expect(
      containers == [
        "KooberOnboardingDependencyContainer#1", "KooberOnboardingDependencyContainer#2",
      ])
  }

  /// Written as a test of your own app would be (`ObjectTraceTesting`): the onboarding scope's
  /// container and view model must be gone at the end of sign-up, while the app lives; a failure
  /// names what keeps them. When the test ends, the app itself must go too.
  @Test(.trackLifetimes) @MainActor func theOnboardingScopeIsReleasedAtSignUp() async throws {
    var checked = false
    _ = try await Story.run(.containerHierarchy) { moment, app in
      if moment == .endOf(.launch), let app,
        let onboarding = app.mainScreen.shown(OnboardingViewController.self)
      {
        Lifetimes.root(app, named: "app")
        Lifetimes.expectReleased(onboarding.welcomeViewController.viewModelFactory as AnyObject)
        Lifetimes.expectReleased(onboarding.viewModel)
      }
      if moment == .endOf(.signUp) {
        Lifetimes.check()
        checked = true
      }
    }
    #expect(checked)
  }

  /// The signed-in scope's container, view model and session must be gone at the end of
  /// sign-out, while the app lives.
  @Test(.trackLifetimes) @MainActor func theSignedInScopeIsReleasedAtSignOut() async throws {
    var checked = false
    _ = try await Story.run(.containerHierarchy) { moment, app in
      if moment == .endOf(.signUp), let app,
        let signedIn = app.mainScreen.shown(SignedInViewController.self)
      {
        let container = signedIn.profileViewController.viewModelFactory as AnyObject
        #expect(container is KooberSignedInDependencyContainer)
        Lifetimes.root(app, named: "app")
        Lifetimes.expectReleased(container)
        Lifetimes.expectReleased(signedIn.viewModel)
        Lifetimes.expectReleased(signedIn.userSession)
      }
      if moment == .endOf(.signOut) {
        Lifetimes.check()
        checked = true
      }
    }
    #expect(checked)
  }

  @Test @MainActor func noFindingsAndNothingAliveAfterQuit() async throws {
    let trace = try await Story.run(.containerHierarchy)
    #expect(trace.steps.allSatisfy { $0.findings.isEmpty })
    #expect(trace.steps.last?.live == [])
    let containers = trace.objects.filter { $0.type == "KooberOnboardingDependencyContainer" }
    #expect(containers.count == 2)
    #expect(trace.steps[1].released.contains("KooberOnboardingDependencyContainer#1"))
    #expect(trace.steps[1].released.contains("OnboardingViewModel#1"))
    // Each scope's objects are held by that scope's container, the app's by the app's.
    let launch = Dictionary(
      uniqueKeysWithValues: trace.steps[0].holders.map { ($0.object, $0.heldBy) })
    #expect(launch["OnboardingViewModel#1"] == ["KooberOnboardingDependencyContainer#1"])
    #expect(
      launch["MainViewModel#1"] == [
        "KooberAppDependencyContainer#1", "KooberOnboardingDependencyContainer#1",
      ])
    #expect(launch["KooberOnboardingDependencyContainer#1"] == [])  // no parent stores it
  }

  @Test @MainActor func theParentNeverStoresAChild() {
    let labels = Mirror(reflecting: KooberAppDependencyContainer()).children.compactMap(\.label)
    #expect(labels == ["lifetime", "sharedUserSessionRepository", "sharedMainViewModel"])
  }

  @Test @MainActor func eachChildCopiesFromItsParentAndNeverStoresIt() {
    let parent = KooberAppDependencyContainer()
    let session = UserSession(
      profile: UserProfile(name: "A", nickname: "a", email: "a@b.c", mobileNumber: "1"),
      remoteSession: RemoteUserSession(token: Secret("t")))
    let children: [AnyObject] = [
      KooberOnboardingDependencyContainer(appDependencyContainer: parent),
      KooberSignedInDependencyContainer(userSession: session, appDependencyContainer: parent),
    ]
    for child in children {
      let stored = Mirror(reflecting: child).children
      #expect(!stored.contains { $0.value is KooberAppDependencyContainer }, "\(type(of: child))")
      #expect(
        stored.contains { ($0.value as AnyObject) === parent.sharedMainViewModel },
        "\(type(of: child)) copies the main view model")
    }
  }
}
