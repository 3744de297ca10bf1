// Exercise 10 — your file. Register the signed-in scope's objects in its child container: one
// word per registration decides how long each object lives.
// Check it with `swift run workbook check 10`; stuck? `swift run workbook hint 10`.
import KooberKit
import KooberRules
import ObjectTrace

/// What one signed-in session's child container knows how to make: the session it was given,
/// and the signed-in screens; the rest it resolves from the app container.
@MainActor
public enum KooberSignedInAssembly {
  /// Registers the signed-in scope's objects in `container`.
  public static func register(in container: Container, session: UserSession) {
    todo(
      "register the session, the signed-in view model and the signed-in screens, each with "
        + "its scope",
      ko: "세션, 로그인 후 뷰 모델, 로그인 후 화면들을 스코프와 함께 등록하세요")
  }
}
