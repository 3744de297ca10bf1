import Foundation
import KooberKit
import ObjectTrace

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// MARK: - Before: a singleton service
//
// How many apps start: one shared instance, a hard-coded server, reached from wherever it is
// needed. It compiles and works, and no composition in this chapter uses it: it is here so the
// lesson can show what it costs.

/// The remote API as a singleton.
///
/// - Reachable from anywhere: any code, on any thread, can call it. Swift 6 accepts this
///   `static let` only because the type is `Sendable` (immutable); a singleton with a mutable
///   cache would not compile without a lock or an actor.
/// - Its initializer is private and takes nothing: a test cannot point it at a dev server.
/// - It cannot be swapped: a preview or a test of a screen that uses it talks to production.
public final class KooberAuthService: Sendable {
  /// The one instance.
  public static let shared = KooberAuthService()

  /// Hard-coded: every build talks to production.
  private let baseURL = "https://api.koober.example/"

  private init() {}

  /// Posts `body` to `path` and reads a session from the answer. Each caller builds its own
  /// body: the field names are strings typed wherever a request is made.
  public func post(_ path: String, body: [String: String]) async throws -> UserSession {
    guard let url = URL(string: baseURL + path) else {
      throw KooberError.network("a bad URL")
    }
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.httpBody = try JSONSerialization.data(withJSONObject: body)
    let (data, _) = try await URLSession.shared.data(for: request)
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    guard let token = json?["token"] as? String, let name = json?["name"] as? String else {
      throw KooberError.incorrectCredentials
    }
    return UserSession(
      profile: UserProfile(
        name: name, nickname: name, email: body["email"] ?? "", mobileNumber: ""),
      remoteSession: RemoteUserSession(token: Secret(token)))
  }
}

/// A sign-in view model that reaches for the singleton itself.
///
/// Nothing in its initializer says it needs a server — and nothing can give it another one.
@MainActor
public final class SingletonSignInViewModel {
  let lifetime = Lifetime(of: SingletonSignInViewModel.self, scope: .onboarding)
  /// What the user typed as email.
  public var email = ""
  /// What the user typed as password.
  public var password = Secret("")
  /// Why the last attempt failed.
  public private(set) var errorMessage: String?

  /// Creates the view model: no dependencies in sight.
  public init() {}

  /// The "Sign in" button: straight to the shared service, with a request body it builds itself.
  public func signIn() async -> UserSession? {
    do {
      return try await KooberAuthService.shared.post(
        "auth/sign-in", body: ["email": email, "password": password.revealed])
    } catch {
      errorMessage = error.screenMessage
      return nil
    }
  }
}
