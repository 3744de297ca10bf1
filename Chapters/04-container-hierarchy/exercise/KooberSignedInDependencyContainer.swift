// Exercise 4 — your file. Write the signed-in scope's container: born when a user signs in,
// released with the signed-in screens when they sign out.
// Check it with `swift run workbook check 4`; stuck? `swift run workbook hint 4`.
import KooberKit
import KooberRules
import ObjectTrace

/// One signed-in session's container: born at sign-in, gone at sign-out, with the session.
@MainActor
public final class KooberSignedInDependencyContainer {
  /// Creates the container for `userSession`; `KooberAppDependencyContainer` calls this when a
  /// user signs in.
  public init(userSession: UserSession, appDependencyContainer: KooberAppDependencyContainer) {
    todo(
      "keep the session; copy what the signed-in screens need from the app container",
      ko: "세션을 보관하고, 로그인 후 화면들에 필요한 것을 앱 컨테이너에서 복사해 오세요")
  }

  /// The signed-in screens; `KooberAppDependencyContainer` calls this right after `init`.
  public func makeSignedInViewController() -> SignedInViewController {
    todo(
      "make the signed-in screens: a SignedInViewController with its profile screen",
      ko: "로그인 후 화면들을 만드세요: 프로필 화면을 가진 SignedInViewController")
  }
}
