import ObjectTrace
import Testing

@testable import ExerciseRuntime
@testable import KooberKit
@testable import TestWritingExercises

/// Exercise 9's broken sign-in forms: each has its one bug and only that one, on the objects.
@Suite @MainActor struct SignInViewModelUnderTestTests {
  /// What one form did in the three situations a learner's tests can set up.
  struct Behaviour: Equatable {
    /// The password the repository was sent for a sign-in that works.
    var passwordSent: String?
    /// Whether the responder was told after that sign-in.
    var toldAfterSuccess = false
    /// The error shown after a failed sign-in.
    var errorAfterFailure: String?
    /// Whether the responder was told after a failed sign-in.
    var toldAfterFailure = false
    /// The error shown after a failed sign-in and then one that works.
    var errorAfterFailureThenSuccess: String?
  }

  final class Repository: UserSessionRepository {
    var fails = false
    var passwords: [String] = []
    let session = UserSession(
      profile: UserProfile(name: "N", nickname: "n", email: "e@x", mobileNumber: "m"),
      remoteSession: RemoteUserSession(token: Secret("t")))
    func readUserSession() async throws -> UserSession? { nil }
    func signUp(newAccount: NewAccount) async throws -> UserSession { session }
    func signIn(email: String, password: Secret<String>) async throws -> UserSession {
      passwords.append(password.revealed)
      if fails { throw KooberError.incorrectCredentials }
      return session
    }
    func signOut(userSession: UserSession) async throws -> UserSession { userSession }
  }

  final class Responder: SignedInResponder {
    var told = 0
    func signedIn(to userSession: UserSession) { told += 1 }
  }

  /// Plays the three situations on fresh forms from `make`.
  func behaviour(
    of make: (any UserSessionRepository, any SignedInResponder) -> any SignInViewModelUnderTest
  ) async -> Behaviour {
    var behaviour = Behaviour()
    func form(failing: Bool) -> (any SignInViewModelUnderTest, Repository, Responder) {
      let repository = Repository()
      repository.fails = failing
      let responder = Responder()
      let form = make(repository, responder)
      form.email = "e@x"
      form.password = Secret("right")
      return (form, repository, responder)
    }
    let (working, repository, told) = form(failing: false)
    await working.signIn()
    behaviour.passwordSent = repository.passwords.first
    behaviour.toldAfterSuccess = told.told == 1
    let (failing, _, toldOnFailure) = form(failing: true)
    await failing.signIn()
    behaviour.errorAfterFailure = failing.errorMessage
    behaviour.toldAfterFailure = toldOnFailure.told > 0
    let (twice, twiceRepository, _) = form(failing: true)
    await twice.signIn()
    twiceRepository.fails = false
    await twice.signIn()
    behaviour.errorAfterFailureThenSuccess = twice.errorMessage
    return behaviour
  }

  static let right = Behaviour(
    passwordSent: "right", toldAfterSuccess: true,
    errorAfterFailure: "Incorrect email or password.",
    toldAfterFailure: false, errorAfterFailureThenSuccess: nil)

  @Test func theRealFormBehavesRight() async {
    let real = await behaviour {
      SignInViewModel(userSessionRepository: $0, signedInResponder: $1)
    }
    #expect(real == Self.right)
  }

  @Test(arguments: SignInBug.allCases)
  func eachBrokenFormHasItsOneBug(_ bug: SignInBug) async {
    var expected = Self.right
    switch bug {
    case .neverTellsTheResponder: expected.toldAfterSuccess = false
    case .tellsTheResponderOnFailure: expected.toldAfterFailure = true
    case .sendsTheEmailAsThePassword: expected.passwordSent = "e@x"
    case .showsNoError: expected.errorAfterFailure = nil
    case .keepsTheOldError: expected.errorAfterFailureThenSuccess = "Incorrect email or password."
    }
    let broken = await behaviour {
      BrokenSignInViewModel(bug: bug, userSessionRepository: $0, signedInResponder: $1)
    }
    #expect(broken == expected)
  }

  @Test func theFactoryHandsOutTheRealFormUnlessABugIsPlanted() {
    let repository = Repository()
    let responder = Responder()
    // Planted for this task only: no other test sees it.
    let broken = SignInBug.$planted.withValue(.showsNoError) {
      makeSignInViewModel(userSessionRepository: repository, signedInResponder: responder)
    }
    let real = makeSignInViewModel(userSessionRepository: repository, signedInResponder: responder)
    #expect((broken as? BrokenSignInViewModel)?.bug == .showsNoError)
    let form = real as? SignInViewModel
    #expect(form?.userSessionRepository === repository)
    #expect(form?.signedInResponder === responder)
  }
}
