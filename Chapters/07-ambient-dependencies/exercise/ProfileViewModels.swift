// Exercise 14 — your file. The profile screen's view-model factory: what it reads from the
// ambient values, and the profile view model it makes from them.
// Check it with `swift run workbook check 14`; stuck? `swift run workbook hint 14`.
import KooberKit
import KooberRules
import ObjectTrace

/// The profile screen's view model factory.
@MainActor final class ProfileViewModels {
  let lifetime = Lifetime(of: ProfileViewModels.self, scope: .signedIn)
}

// MARK: - View model factories

extension ProfileViewModels: ProfileViewModelFactory {
  func makeProfileViewModel() -> ProfileViewModel {
    todo(
      "make the profile's view model from what this factory reads",
      ko: "이 팩토리가 읽는 값으로 프로필 뷰 모델을 만드세요")
  }
}
