// A copy of Sources/Chapter1OnDemand/GlobalUserSessionRepository.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import KooberKit

// MARK: - The global

/// The one repository of the whole app, reachable from anywhere — and alive after the app quits.
///
/// Swift 6 refuses a global variable whose value is not `Sendable` unless something guards it:
/// any thread could touch it at the same time. The repository is a main-actor class, so this
/// global is isolated to the main actor too, and only main-actor code can read it. That is the
/// price of a global in Swift 6, spelled out in its declaration.
@MainActor public let GlobalUserSessionRepository: any UserSessionRepository = {
  #if USER_SESSION_DATASTORE_FILEBASED
    let userSessionDataStore = FileUserSessionDataStore(
      userSessionCoder: UserSessionPropertyListCoder())
  #else
    let userSessionCoder = UserSessionPropertyListCoder()
    let userSessionDataStore = KeychainUserSessionDataStore(userSessionCoder: userSessionCoder)
  #endif
  let authRemoteAPI = FakeAuthRemoteAPI()
  return KooberUserSessionRepository(dataStore: userSessionDataStore, remoteAPI: authRemoteAPI)
}()
