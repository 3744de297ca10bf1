// Exercise 5 — given: the singleton the app used before. You should not need to change it.
import KooberKit
import ObjectTrace
import Synchronization

/// The remote API as a singleton: one shared instance, hard-wired to production.
///
/// Anything can call it, and nothing can replace it: a preview or a test of a screen that calls
/// it talks to production — which, here, cannot be reached.
public final class KooberAuthService: Sendable {
  /// The one instance.
  public static let shared = KooberAuthService()

  private let calls = Mutex(0)

  private init() {}

  /// How many times it has been called (the check reads this).
  public var callCount: Int { calls.withLock { $0 } }

  /// Signs in against production.
  public func signIn(email: String, password: String) async throws -> UserSession {
    calls.withLock { $0 += 1 }
    throw KooberError.network("https://api.koober.example/ cannot be reached from here")
  }
}

// MARK: - A migration's first step: the singleton speaks the protocol

/// The singleton conforms to `AuthRemoteAPI`, so code moving to injection can take an
/// `any AuthRemoteAPI` and still be handed `KooberAuthService.shared` while its callers move.
extension KooberAuthService: AuthRemoteAPI {
  public func signIn(email: String, password: Secret<String>) async throws -> UserSession {
    try await signIn(email: email, password: password.revealed)
  }

  public func signUp(account: NewAccount) async throws -> UserSession {
    calls.withLock { $0 += 1 }
    throw KooberError.network("https://api.koober.example/ cannot be reached from here")
  }
}
