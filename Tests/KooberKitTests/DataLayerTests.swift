import Foundation
import ObjectTrace
import Testing

@testable import KooberKit

@Suite struct DataLayerTests {
  @Test func theFakeAcceptsOnlyJohnny() async throws {
    let api = FakeAuthRemoteAPI()
    let session = try await api.signIn(email: "johnny@gmail.com", password: Secret("password"))
    #expect(session.profile.email == "johnny@gmail.com")
    await #expect(throws: KooberError.incorrectCredentials) {
      try await api.signIn(email: "johnny@gmail.com", password: Secret("guess"))
    }
    await #expect(throws: KooberError.incorrectCredentials) {
      try await api.signIn(email: "someone@else.com", password: Secret("password"))
    }
  }

  @Test func aSessionRoundTripsThroughThePropertyListCoder() throws {
    let coder = UserSessionPropertyListCoder()
    let session = UserSession(
      profile: UserProfile(name: "N", nickname: "n", email: "e", mobileNumber: "m"),
      remoteSession: RemoteUserSession(token: Secret("tok")))
    let decoded = try coder.decode(data: coder.encode(userSession: session))
    #expect(decoded.profile == session.profile)
    #expect(decoded.remoteSession == session.remoteSession)
    #expect(decoded !== session)
    #expect(throws: (any Error).self) { try coder.decode(data: Data("junk".utf8)) }
  }

  @Test @MainActor func theKeychainStandInKeepsOneSessionInMemory() throws {
    let store = KeychainUserSessionDataStore(userSessionCoder: UserSessionPropertyListCoder())
    let session = UserSession(
      profile: UserProfile(name: "N", nickname: "n", email: "e", mobileNumber: "m"),
      remoteSession: RemoteUserSession(token: Secret("tok")))
    #expect(try store.readUserSession() == nil)
    try store.save(userSession: session)
    #expect(try store.readUserSession()?.profile == session.profile)
    try store.delete(userSession: session)
    #expect(try store.readUserSession() == nil)
  }

  @Test @MainActor func theRepositorySavesOnSignInAndForgetsOnSignOut() async throws {
    let store = KeychainUserSessionDataStore(userSessionCoder: UserSessionPropertyListCoder())
    let repository = KooberUserSessionRepository(dataStore: store, remoteAPI: FakeAuthRemoteAPI())
    let session = try await repository.signIn(
      email: "johnny@gmail.com", password: Secret("password"))
    #expect(try await repository.readUserSession()?.profile == session.profile)
    _ = try await repository.signOut(userSession: session)
    #expect(try await repository.readUserSession() == nil)
  }

  @Test func secretsDoNotPrintButEncodeTheirValue() throws {
    let secret = Secret("value")
    #expect("\(secret)" == "‹redacted›")
    #expect(String(reflecting: secret) == "‹redacted›")
    #expect(Mirror(reflecting: secret).children.isEmpty)
    let data = try JSONEncoder().encode(secret)
    #expect(String(decoding: data, as: UTF8.self) == "\"value\"")
    #expect(try JSONDecoder().decode(Secret<String>.self, from: data) == secret)
  }
}
