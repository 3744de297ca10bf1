// Exercise 14 — your file. The profile screen's view-model factory: what it reads from the
// ambient values, and the profile view model it makes from them.
// Check it with `swift run workbook check 14`; stuck? `swift run workbook hint 14`.
import KooberKit
import KooberRules
import ObjectTrace

// exercise: begin
/// The profile screen's view model factory: made at sign-in, inside the scope that set the
/// session, so its `@Dependency` properties keep the session for as long as the screen keeps it.
// exercise: starter
// /// The profile screen's view model factory.
// exercise: end
@MainActor final class ProfileViewModels {
  let lifetime = Lifetime(of: ProfileViewModels.self, scope: .signedIn)
  // exercise: begin

  // MARK: - Read from the ambient values

  @Dependency(UserSessionKey.self) var userSession
  @Dependency(MainViewModelKey.self) var mainViewModel
  @Dependency(SignedInViewModelKey.self) var signedInViewModel
  @Dependency(UserSessionRepositoryKey.self) var userSessionRepository
  // exercise: starter
  // exercise: end
}

// MARK: - View model factories

extension ProfileViewModels: ProfileViewModelFactory {
  func makeProfileViewModel() -> ProfileViewModel {
    // exercise: begin
    ProfileViewModel(
      userSession: userSession, notSignedInResponder: mainViewModel,
      doneWithProfileResponder: signedInViewModel, userSessionRepository: userSessionRepository)
    // exercise: starter
    // todo(
    //   "make the profile's view model from what this factory reads",
    //   ko: "이 팩토리가 읽는 값으로 프로필 뷰 모델을 만드세요")
    // exercise: end
  }
}
