// Exercise 16 — your tests of chapter 7's signed-in scope, each with values of its own (what
// they can reach: `API.md`, `API.ko.md`). Swift Testing runs them in parallel, in one process.
import AmbientTesting
import Chapter7AmbientDependencies
import KooberKit
import KooberRules
import ObjectTrace
import Testing

// exercise: begin
/// Every test gets new live values of its own: its own main view model and repository, which no
/// other test sees, however many run at once.
@Suite(.dependencies()) @MainActor struct SignedInScopeTests {
  /// A session for `nickname`, made by the test itself.
  static func session(_ nickname: String) -> UserSession {
    UserSession(
      profile: UserProfile(
        name: nickname.capitalized, nickname: nickname, email: "\(nickname)@koober.example",
        mobileNumber: "170-555-0100"),
      remoteSession: RemoteUserSession(token: Secret("\(nickname)-token")))
  }

  /// The profile's view model, made as the screen makes it when it is first shown.
  static func profile(of screens: SignedInViewController) throws -> ProfileViewModel {
    screens.profileViewController.render()
    return try #require(screens.profileViewController.viewModel)
  }

  @Test func eachSignInHasItsOwnSessionAndViewModel() throws {
    let ada = SignedInScope.begin(session: Self.session("ada"))
    let bob = SignedInScope.begin(session: Self.session("bob"))
    #expect(ada.viewModel !== bob.viewModel)
    #expect(try Self.profile(of: bob).profile.nickname == "bob")
  }

  @Test func theSecondProfilesDoneGoesToItsOwnScreensViewModel() throws {
    let ada = SignedInScope.begin(session: Self.session("ada"))
    _ = try Self.profile(of: ada)
    let bob = SignedInScope.begin(session: Self.session("bob"))
    bob.viewModel.showProfile()
    try Self.profile(of: bob).closeProfile()
    #expect(bob.viewModel.view == .home)
  }

  @Test func signingOutTellsThisTestsMainViewModel() async throws {
    @Dependency(MainViewModelKey.self) var mainViewModel
    let screens = SignedInScope.begin(session: Self.session("ada"))
    try await Self.profile(of: screens).signOut()
    #expect(mainViewModel.view == .onboarding)
  }

  @Test func theSessionGoesWithItsScreens() throws {
    weak var session: UserSession?
    weak var signedInViewModel: SignedInViewModel?
    do {
      let screens = SignedInScope.begin(session: Self.session("ada"))
      session = screens.userSession
      signedInViewModel = screens.viewModel
      _ = try Self.profile(of: screens)
    }
    #expect(session == nil, "the session outlives its screens")
    #expect(signedInViewModel == nil, "the signed-in view model outlives its screens")
  }
}
// exercise: starter
// @Suite @MainActor struct SignedInScopeTests {
//   @Test func signingInThenOut() {
//     todo(
//       "begin the scope in values of this test's own, check what it shares and what goes at sign-out",
//       ko: "이 테스트만의 값에서 스코프를 시작하고, 무엇을 함께 쓰고 로그아웃 때 무엇이 사라지는지 확인하세요")
//   }
// }
// exercise: end
