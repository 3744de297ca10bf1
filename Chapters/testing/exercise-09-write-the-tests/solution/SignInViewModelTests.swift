// Exercise 9 — your tests. Each makes the form with `makeSignInViewModel(…)`: the real
// SignInViewModel when you run them, and — when `swift run workbook check 9` asks — one with a bug
// your tests should catch. For tests to copy from, read the workbook's own tests of the screens:
// Tests/KooberKitTests/ViewModelTests.swift.
import KooberKit
import KooberRules
import ObjectTrace
import Testing

@MainActor
@Suite struct SignInViewModelTests {
  // exercise: begin
  /// The session the stub repository hands out when a sign-in works.
  let session = UserSession(
    profile: UserProfile(
      name: "Johnny Appleseed", nickname: "johnny", email: "johnny@gmail.com",
      mobileNumber: "170-555-0100"),
    remoteSession: RemoteUserSession(token: Secret("test-token")))

  @Test func theRightPasswordTellsTheResponder() async {
    let repository = StubUserSessionRepository(signInResult: .success(session))
    let responder = SpySignedInResponder()
    let form = makeSignInViewModel(userSessionRepository: repository, signedInResponder: responder)
    form.email = "johnny@gmail.com"
    form.password = Secret("password")

    await form.signIn()

    #expect(repository.signIns.map(\.email) == ["johnny@gmail.com"])
    #expect(repository.signIns.map(\.password) == ["password"])
    #expect(responder.sessions.count == 1)
    #expect(responder.sessions.first === session)
    #expect(form.errorMessage == nil)
  }

  @Test func aWrongPasswordShowsAnErrorAndTellsNobody() async {
    let repository = StubUserSessionRepository(signInResult: .failure(.incorrectCredentials))
    let responder = SpySignedInResponder()
    let form = makeSignInViewModel(userSessionRepository: repository, signedInResponder: responder)
    form.email = "johnny@gmail.com"
    form.password = Secret("nope")

    await form.signIn()

    #expect(form.errorMessage == "Incorrect email or password.")
    #expect(responder.sessions.isEmpty)
  }

  @Test func aSignInThatWorksClearsTheLastError() async {
    let repository = StubUserSessionRepository(signInResult: .failure(.incorrectCredentials))
    let responder = SpySignedInResponder()
    let form = makeSignInViewModel(userSessionRepository: repository, signedInResponder: responder)
    form.email = "johnny@gmail.com"
    form.password = Secret("nope")
    await form.signIn()

    repository.signInResult = .success(session)
    form.password = Secret("password")
    await form.signIn()

    #expect(form.errorMessage == nil)
    #expect(responder.sessions.count == 1)
  }
  // exercise: starter
  // @Test func theRightPasswordTellsTheResponder() async {
  //   todo(
  //     "make the form with your doubles, sign in, and #expect what the responder was told",
  //     ko: "여러분의 테스트 더블로 폼을 만들고 로그인한 뒤, 응답자에게 전달된 것을 #expect로 확인하세요")
  // }
  // exercise: end
}
