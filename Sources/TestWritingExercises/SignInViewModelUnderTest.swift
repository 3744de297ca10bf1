import Bilingual
import ExerciseRuntime
import KooberKit
import ObjectTrace

// MARK: - Exercise 9: the sign-in form a learner's tests check

/// What a test of the sign-in form reads and does: the members of KooberKit's
/// `SignInViewModel` a screen uses.
@MainActor public protocol SignInViewModelUnderTest: AnyObject {
  /// What the user typed as email.
  var email: String { get set }
  /// What the user typed as password.
  var password: Secret<String> { get set }
  /// Why the last attempt failed, shown under the form.
  var errorMessage: String? { get }
  /// The "Sign in" button.
  func signIn() async
}

extension SignInViewModel: SignInViewModelUnderTest {}

/// A mistake exercise 9's grader plants in the sign-in form, to see whether a learner's tests
/// notice: each is a bug a real view model has had.
public enum SignInBug: String, PlantedBug {
  /// Signs in, but never tells its `SignedInResponder`: the app stays on the sign-in screen.
  case neverTellsTheResponder = "never-tells-the-responder"
  /// Tells its responder "signed in" after a failed sign-in too.
  case tellsTheResponderOnFailure = "tells-the-responder-on-failure"
  /// Sends the email where the password belongs.
  case sendsTheEmailAsThePassword = "sends-the-email-as-the-password"
  /// Swallows the error of a failed sign-in: the form shows nothing.
  case showsNoError = "shows-no-error"
  /// Keeps showing the last error after a sign-in that worked.
  case keepsTheOldError = "keeps-the-old-error"

  /// The bug the grader planted for this run, `nil` for the real view model: set around the
  /// learner's tests (``CodeUnderTest/planting(_:around:)``), and read by every test's task, which
  /// inherits it, as exercise 11's `PodcastsBug.planted` is.
  @TaskLocal public static var planted: SignInBug?
  /// ``planted``, the value the code under test reads.
  public static var planting: TaskLocal<SignInBug?> { $planted }

  /// The broken view model, in a few words, as "a view model that …" finishes it.
  public var behaviour: Localized {
    switch self {
    case .neverTellsTheResponder:
      Localized(
        en: "signs in but never tells its SignedInResponder",
        ko: "로그인은 하지만 SignedInResponder에 알리지 않는")
    case .tellsTheResponderOnFailure:
      Localized(
        en: "reports a failed sign-in as signed in",
        ko: "실패한 로그인을 로그인됐다고 알리는")
    case .sendsTheEmailAsThePassword:
      Localized(
        en: "sends the email as the password",
        ko: "비밀번호 자리에 이메일을 보내는")
    case .showsNoError:
      Localized(
        en: "shows no error when the sign-in fails",
        ko: "로그인이 실패해도 오류를 보여 주지 않는")
    case .keepsTheOldError:
      Localized(
        en: "still shows the last error after a sign-in that worked",
        ko: "로그인에 성공한 뒤에도 지난 오류를 계속 보여 주는")
    }
  }
}

/// The sign-in view model for a learner's test: KooberKit's real `SignInViewModel`, or — when
/// the grader planted a ``SignInBug`` for this run — one with that bug. A test makes its view
/// model here instead of calling `SignInViewModel(…)`; everything else is an ordinary test.
@MainActor public func makeSignInViewModel(
  userSessionRepository: any UserSessionRepository, signedInResponder: any SignedInResponder
) -> any SignInViewModelUnderTest {
  guard let bug = SignInBug.planted else {
    return SignInViewModel(
      userSessionRepository: userSessionRepository, signedInResponder: signedInResponder)
  }
  return BrokenSignInViewModel(
    bug: bug, userSessionRepository: userSessionRepository, signedInResponder: signedInResponder)
}

/// `SignInViewModel` with one ``SignInBug``: the same members, the same `signIn()` but for the
/// one line the bug changes.
@MainActor final class BrokenSignInViewModel: SignInViewModelUnderTest {
  let bug: SignInBug
  let userSessionRepository: any UserSessionRepository
  let signedInResponder: any SignedInResponder
  var email = ""
  var password = Secret("")
  private(set) var errorMessage: String?

  init(
    bug: SignInBug, userSessionRepository: any UserSessionRepository,
    signedInResponder: any SignedInResponder
  ) {
    self.bug = bug
    self.userSessionRepository = userSessionRepository
    self.signedInResponder = signedInResponder
  }

  func signIn() async {
    let password = bug == .sendsTheEmailAsThePassword ? Secret(email) : password
    do {
      let userSession = try await userSessionRepository.signIn(email: email, password: password)
      if bug != .keepsTheOldError { errorMessage = nil }
      if bug != .neverTellsTheResponder { signedInResponder.signedIn(to: userSession) }
    } catch {
      if bug != .showsNoError { errorMessage = error.screenMessage }
      if bug == .tellsTheResponderOnFailure {
        // The "optimistic" sign-in: a session made up from what the user typed.
        signedInResponder.signedIn(
          to: UserSession(
            profile: UserProfile(name: email, nickname: email, email: email, mobileNumber: ""),
            remoteSession: RemoteUserSession(token: Secret(""))))
      }
    }
  }
}
