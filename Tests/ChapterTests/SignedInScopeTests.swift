import AmbientTesting
import ObjectTrace
import Testing

@testable import Chapter7AmbientDependencies
@testable import KooberKit

/// Exercise 16's code under test: chapter 7's signed-in scope, begun in each test's own values,
/// and the four broken copies a learner's tests must catch. Each test here shows the one thing
/// its bug changes, so that a bug that changed nothing a test can see would fail here first.
@Suite(.dependencies()) @MainActor struct SignedInScopeTests {
  /// A session for `nickname`, as chapter 7's tests make them.
  static func session(_ nickname: String) -> UserSession {
    Chapter7AmbientDependenciesTests.session(nickname)
  }

  static func profile(of screens: SignedInViewController) throws -> ProfileViewModel {
    screens.profileViewController.render()
    return try #require(screens.profileViewController.viewModel)
  }

  /// What a learner's tests can see of one scope: two sign-ins, the second's profile, where its
  /// sign-out goes, and whether the first sign-in's objects outlive its screens.
  struct Seen: Equatable {
    var twoSignInsShareAViewModel = false
    var secondProfileShows = "bob"
    var signOutReachesTheTestsMainViewModel = true
    var sessionOutlivesItsScreens = false
    var viewModelOutlivesItsScreens = false
  }

  static func look() async throws -> Seen {
    var seen = Seen()
    @Dependency(MainViewModelKey.self) var mainViewModel
    weak var session: UserSession?
    weak var viewModel: SignedInViewModel?
    do {
      let ada = SignedInScope.begin(session: Self.session("ada"))
      session = ada.userSession
      viewModel = ada.viewModel
      let bob = SignedInScope.begin(session: Self.session("bob"))
      seen.twoSignInsShareAViewModel = ada.viewModel === bob.viewModel
      let profile = try Self.profile(of: bob)
      seen.secondProfileShows = profile.profile.nickname
      _ = try Self.profile(of: ada)
      await profile.signOut()
      seen.signOutReachesTheTestsMainViewModel = mainViewModel.view == .onboarding
    }
    seen.sessionOutlivesItsScreens = session != nil
    seen.viewModelOutlivesItsScreens = viewModel != nil
    return seen
  }

  @Test func theRealScopeKeepsEachSignInApartAndReleasesIt() async throws {
    #expect(try await Self.look() == Seen())
  }

  @Test(arguments: SignedInScopeBug.allCases)
  func eachBugChangesWhatATestSees(_ bug: SignedInScopeBug) async throws {
    let seen = try await SignedInScopeBug.$planted.withValue(bug) { try await Self.look() }
    var expected = Seen()
    switch bug {
    case .oneSignedInViewModel:
      expected.twoSignInsShareAViewModel = true
      expected.viewModelOutlivesItsScreens = true
    case .profileKeptByTheApp:
      expected.secondProfileShows = "ada"
      expected.sessionOutlivesItsScreens = true
      expected.viewModelOutlivesItsScreens = true
    case .signsOutToTheProcess:
      expected.signOutReachesTheTestsMainViewModel = false
    case .keepsEverySession:
      expected.sessionOutlivesItsScreens = true
    }
    #expect(seen == expected)
  }
}

/// A test with no values of its own begins the scope in the process's live values, which every
/// test shares: exercise 16's program records that as the test's issue, through this hook.
@Suite struct SignedInScopeSharedValuesTests {
  @Test @MainActor func beginningInTheProcesssValuesCallsTheHook() {
    var calls = 0
    SignedInScope.beganInTheProcessValues = { calls += 1 }
    defer { SignedInScope.beganInTheProcessValues = nil }
    _ = SignedInScope.begin(session: SignedInScopeTests.session("ada"))
    #expect(calls == 1)
    // Values of the test's own, as the trait gives them, are not the process's.
    DependencyValues.$current.withValue(DependencyValues(live: LiveValues())) {
      _ = SignedInScope.begin(session: SignedInScopeTests.session("bob"))
    }
    #expect(calls == 1)
  }
}
