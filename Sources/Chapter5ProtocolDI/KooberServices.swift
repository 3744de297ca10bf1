import Foundation
import KooberCloud
import KooberKit

/// The outside edges of the app — the implementations behind its protocols — chosen at the
/// composition root and handed to the app container.
///
/// The container calls these factories itself, in its `init`, so the rest of the graph is
/// built exactly as in chapter 4; only what stands behind `AuthRemoteAPI` and
/// `UserSessionDataStore` changes.
public struct KooberServices: Sendable {
  /// Makes what stands behind `AuthRemoteAPI`.
  public var makeAuthRemoteAPI: @MainActor @Sendable () -> any AuthRemoteAPI
  /// Makes what stands behind `UserSessionDataStore`.
  public var makeUserSessionDataStore: @MainActor @Sendable () -> any UserSessionDataStore

  /// Chooses the implementations by hand — what a test or a preview does.
  public init(
    makeAuthRemoteAPI: @escaping @MainActor @Sendable () -> any AuthRemoteAPI,
    makeUserSessionDataStore: @escaping @MainActor @Sendable () -> any UserSessionDataStore =
      KooberServices.makeDeviceUserSessionDataStore
  ) {
    self.makeAuthRemoteAPI = makeAuthRemoteAPI
    self.makeUserSessionDataStore = makeUserSessionDataStore
  }

  /// The app's choice for `server`: the fake offline, the cloud API (over `URLSession`) for dev
  /// and prod.
  public static func forServer(_ server: KooberServer) -> KooberServices {
    guard let baseURL = server.baseURL else {
      return KooberServices(makeAuthRemoteAPI: { FakeAuthRemoteAPI() })
    }
    return cloud(at: baseURL)
  }

  /// The cloud API over `URLSession`, talking to `baseURL` — a real server, or the stub that
  /// `chapter5 --server local` starts on 127.0.0.1.
  public static func cloud(at baseURL: URL) -> KooberServices {
    KooberServices(makeAuthRemoteAPI: {
      KooberCloudAuthRemoteAPI(server: baseURL, http: URLSessionHTTPClient())
    })
  }

  /// The keychain store, or the file store when built with `USER_SESSION_DATASTORE_FILEBASED`.
  @MainActor public static func makeDeviceUserSessionDataStore() -> any UserSessionDataStore {
    #if USER_SESSION_DATASTORE_FILEBASED
      FileUserSessionDataStore(userSessionCoder: UserSessionPropertyListCoder())
    #else
      KeychainUserSessionDataStore(userSessionCoder: UserSessionPropertyListCoder())
    #endif
  }
}
