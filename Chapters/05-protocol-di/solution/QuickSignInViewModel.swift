// Exercise 5 — your file. Today this view model reaches for `KooberAuthService.shared` itself.
// Give its initializer an `AuthRemoteAPI` parameter instead — first with a default, then
// without — so whoever builds it chooses.
// Check it with `swift run workbook check 5`; stuck? `swift run workbook hint 5`.
import KooberKit
import KooberRules
import ObjectTrace

/// The quick sign-in form: an email, a password and one button.
@MainActor
public final class QuickSignInViewModel {
  let lifetime = Lifetime(of: QuickSignInViewModel.self, scope: .onboarding)
  // exercise: begin
  let authRemoteAPI: any AuthRemoteAPI
  // exercise: starter
  // exercise: end
  let signedInResponder: any SignedInResponder
  /// What the user typed as email.
  public var email = ""
  /// What the user typed as password (never printed).
  public var password = Secret("")
  /// Why the last attempt failed, shown under the form.
  public private(set) var errorMessage: String?

  // exercise: begin
  /// Creates the view model with the API and the responder its builder chooses.
  public init(authRemoteAPI: any AuthRemoteAPI, signedInResponder: any SignedInResponder) {
    self.authRemoteAPI = authRemoteAPI
    self.signedInResponder = signedInResponder
  }

  /// The "Sign in" button: asks the API it was given, and tells the responder.
  public func signIn() async {
    do {
      let userSession = try await authRemoteAPI.signIn(email: email, password: password)
      errorMessage = nil
      signedInResponder.signedIn(to: userSession)
    } catch {
      errorMessage = error.screenMessage
    }
  }
  // exercise: starter
  // /// Creates the view model. Nothing can give it an API: it calls the singleton.
  // public init(signedInResponder: any SignedInResponder) {
  //   self.signedInResponder = signedInResponder
  // }
  //
  // /// The "Sign in" button: straight to the shared service.
  // public func signIn() async {
  //   do {
  //     let userSession = try await KooberAuthService.shared.signIn(
  //       email: email, password: password.revealed)
  //     errorMessage = nil
  //     signedInResponder.signedIn(to: userSession)
  //   } catch {
  //     errorMessage = error.screenMessage
  //   }
  // }
  // exercise: end
}
