import Foundation
import ObjectTrace
import Synchronization
import Testing

@testable import KooberCloud
@testable import KooberKit

/// The stub Koober server of `chapter5 --server local`: the fake account over real HTTP.
@Suite struct KooberStubServerTests {
  static func post(_ path: String, _ json: String) -> LoopbackHTTPServer.Request {
    LoopbackHTTPServer.Request(method: "POST", path: path, headers: [:], body: Data(json.utf8))
  }

  @Test func knowsTheFakeAccountAndRefusesAWrongPassword() throws {
    let right = KooberStubServer.respond(
      Self.post("/auth/sign-in", #"{"email":"johnny@gmail.com","password":"password"}"#))
    #expect(right.status == 200)
    let body = try #require(
      try JSONSerialization.jsonObject(with: right.body) as? [String: Any])
    #expect((body["profile"] as? [String: Any])?["nickname"] as? String == "johnny")
    #expect(body["token"] as? String == FakeAuthRemoteAPI.sessionToken)
    let wrong = KooberStubServer.respond(
      Self.post("/auth/sign-in", #"{"email":"johnny@gmail.com","password":"guess"}"#))
    #expect(wrong.status == 401)
  }

  @Test func acceptsASignUpAndNothingElse() {
    let signUp = KooberStubServer.respond(
      Self.post(
        "/auth/sign-up",
        #"{"email":"a@b.c","fullName":"A B","mobileNumber":"1","nickname":"ab","password":"p"}"#))
    #expect(signUp.status == 200)
    #expect(KooberStubServer.respond(Self.post("/auth/sign-up", "not json")).status == 400)
    #expect(KooberStubServer.respond(Self.post("/elsewhere", "{}")).status == 404)
  }
}
