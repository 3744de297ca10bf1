// Exercise 5 — your file too: where the app, and a preview, build the quick sign-in form.
import Chapter5ProtocolDI
import KooberKit
import KooberRules

/// The composition root's part for the quick sign-in form: it alone decides what stands behind
/// `AuthRemoteAPI`.
@MainActor
public enum QuickSignInComposition {
  /// The app's form, with the remote API that `services` makes.
  public static func makeQuickSignInViewModel(
    services: KooberServices, signedInResponder: any SignedInResponder
  ) -> QuickSignInViewModel {
    // exercise: begin
    QuickSignInViewModel(
      authRemoteAPI: services.makeAuthRemoteAPI(), signedInResponder: signedInResponder)
    // exercise: starter
    // todo(
    //   "build the form with the remote API that `services` makes",
    //   ko: "`services`가 만드는 원격 API로 로그인 폼을 만드세요")
    // exercise: end
  }

  /// A preview of the form: the fake server and a responder that only records — no app
  /// container, no network.
  public static func makePreview() -> QuickSignInViewModel {
    // exercise: begin
    QuickSignInViewModel(authRemoteAPI: FakeAuthRemoteAPI(), signedInResponder: PreviewResponder())
    // exercise: starter
    // todo(
    //   "build the form alone, with FakeAuthRemoteAPI and a PreviewResponder",
    //   ko: "FakeAuthRemoteAPI와 PreviewResponder로 로그인 폼만 따로 만드세요")
    // exercise: end
  }
}
