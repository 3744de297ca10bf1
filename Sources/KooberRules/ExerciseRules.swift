import Bilingual
import KooberKit
import ObjectTrace
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// MARK: - Rules of one exercise, beyond the shared ones

extension Rule {
  /// Factories keep nothing: a factory with a stored property is a container in disguise.
  public static func factoriesAreStateless(_ factories: Any, named name: String) -> Rule {
    let stored = Mirror(reflecting: factories).children.compactMap(\.label)
    return Rule(
      id: "factories-are-stateless",
      statement: Localized(
        en: "the factories keep nothing: long-lived objects come in as parameters",
        ko: "팩토리는 아무것도 보관하지 않는다: 오래 사는 객체는 매개변수로 받는다")
    ) { _ in
      guard !stored.isEmpty else { return nil }
      let properties = stored.map { "`\($0)`" }.joined(separator: ", ")
      return Localized(
        en: "\(name) stores \(properties): pass what lives longer than one call in as a "
          + "parameter instead",
        ko: "\(name)에 저장 프로퍼티 \(properties, .subject) 있다: 호출 한 번보다 오래 사는 것은 "
          + "저장하지 말고 매개변수로 받아야 한다")
    }
  }
}

// MARK: - Exercise 5: a protocol through the initializer instead of a singleton

extension Rule {
  /// Exercise 5's rules, run on the learner's sign-in view model built alone.
  /// - Parameters:
  ///   - signInAlone: builds the learner's view model with the given API and responder, and
  ///     taps "Sign in" with the right credentials.
  ///   - compositionRoot: what the learner's composition root builds when its services make the
  ///     given API.
  ///   - preview: builds the learner's preview and taps "Sign in"; returns the error shown, if any.
  ///   - singletonCalls: how many times the singleton has been called so far.
  ///   - viewModelSource: the text of the learner's view model file, `nil` when it cannot be
  ///     read. A default argument leaves no trace on the objects, so this one rule reads the
  ///     initializer's declaration.
  @MainActor public static func injection(
    signInAlone: (any AuthRemoteAPI, any SignedInResponder) async -> Void,
    compositionRoot: (@escaping @MainActor @Sendable () -> any AuthRemoteAPI) -> AnyObject,
    preview: () async -> String?,
    singletonCalls: () -> Int,
    viewModelSource: String?
  ) async -> [Rule] {
    // The learner's code runs below, before `ExerciseCheck.main`: the channel opens first, and
    // a crash there is reported like one in the story.
    if ReportChannel.open() { CrashNotice.install() }
    let spy = SpyAuthRemoteAPI()
    let responder = RecordingResponder()
    await signInAlone(spy, responder)
    let spySignIns = spy.signIns
    let told = responder.signedIn

    let chosen = SpyAuthRemoteAPI()
    let built = compositionRoot { chosen }
    let stored = Mirror(reflecting: built).children.contains { ($0.value as AnyObject) === chosen }
    let builtType = String(describing: type(of: built))

    let previewError = await preview()
    let calls = singletonCalls()

    return [
      Rule(
        id: "preview-uses-the-injected-api",
        statement: Localized(
          en: "a sign-in view model built with a fake API signs in through that API",
          ko: "가짜 API로 만든 로그인 뷰 모델은 그 API로 로그인한다")
      ) { _ in
        if spySignIns != 1 {
          return Localized(
            en: "built alone with a spy AuthRemoteAPI, its signIn() sent the spy \(spySignIns) "
              + "sign-ins, not 1: it must ask the API its initializer was given",
            ko: "스파이 AuthRemoteAPI를 넣어 따로 만들었더니 signIn()이 스파이에게 로그인 요청을 "
              + "\(spySignIns)번 보냈다(1번이어야 한다): 이니셜라이저로 받은 API를 호출해야 한다")
        }
        if told != 1 {
          return Localized(
            en: "the spy API answered with a session, but the signedInResponder was told "
              + "\(told) times, not once",
            ko: "스파이 API가 세션을 돌려주었는데 signedInResponder에 알린 횟수가 \(told)번이다(한 "
              + "번이어야 한다)")
        }
        return nil
      },
      Rule(
        id: "composition-root-chooses",
        statement: Localized(
          en: "the composition root hands the view model the API it chose",
          ko: "조립 지점(composition root)이 고른 API를 뷰 모델에 넘긴다")
      ) { _ in
        stored
          ? nil
          : Localized(
            en: "the \(builtType) it made does not store the AuthRemoteAPI its services made",
            ko: "조립 지점이 만든 \(builtType, .subject) 서비스가 만든 AuthRemoteAPI를 저장하지 "
              + "않는다")
      },
      Rule(
        id: "preview-works-alone",
        statement: Localized(
          en: "the preview signs in with a fake: no app container, no network",
          ko: "미리보기는 가짜 API를 상대로 로그인한다: 앱 컨테이너도 네트워크도 쓰지 않는다")
      ) { _ in
        previewError.map {
          Localized(
            en: "the preview's sign-in shows an error: \($0)",
            ko: "미리보기에서 로그인하면 오류가 보인다: \($0)")
        }
      },
      Rule(
        id: "callers-must-choose",
        statement: Localized(
          en: "the initializer's authRemoteAPI has no default: every caller must choose",
          ko: "이니셜라이저의 authRemoteAPI에는 기본값이 없다: 부르는 쪽이 모두 직접 고른다")
      ) { _ in
        guard let viewModelSource else {
          return Localized(
            en: "cannot read QuickSignInViewModel.swift to look at its initializer",
            ko: "QuickSignInViewModel.swift를 읽을 수 없어서 이니셜라이저를 확인하지 못했다")
        }
        guard let defaultValue = defaultArgument(of: "authRemoteAPI", in: viewModelSource) else {
          return nil
        }
        return Localized(
          en: "`authRemoteAPI: … = \(defaultValue)` lets a caller leave the choice out and get "
            + "the default: once every caller passes an API, remove the default, and the "
            + "compiler names any caller you missed",
          ko: "`authRemoteAPI: … = \(defaultValue)`처럼 기본값이 있으면 부르는 쪽이 고르지 않고 "
            + "기본값을 그대로 받을 수 있다: 부르는 쪽이 모두 API를 넘기게 되면 기본값을 지워야 "
            + "한다. 그러면 빠뜨린 곳을 컴파일러가 알려 준다")
      },
      Rule(
        id: "no-singleton-call",
        statement: Localized(
          en: "nothing calls KooberAuthService.shared",
          ko: "어디에서도 KooberAuthService.shared를 부르지 않는다")
      ) { _ in
        calls == 0
          ? nil
          : Localized(
            en: "KooberAuthService.shared was called \(calls) times: a preview or a test cannot "
              + "put a fake in its place",
            ko: "KooberAuthService.shared가 \(calls)번 호출되었다: 미리보기나 테스트에서 그 "
              + "자리에 가짜를 넣을 수 없다")
      },
    ]
  }
}

/// Counts sign-ins, then answers as the fake server does.
final class SpyAuthRemoteAPI: AuthRemoteAPI {
  private let count = Mutex(0)
  private let fake = FakeAuthRemoteAPI()

  var signIns: Int { count.withLock { $0 } }

  func signIn(email: String, password: Secret<String>) async throws -> UserSession {
    count.withLock { $0 += 1 }
    return try await fake.signIn(email: email, password: password)
  }

  func signUp(account: NewAccount) async throws -> UserSession {
    try await fake.signUp(account: account)
  }
}

/// Counts how often it is told that a user signed in.
@MainActor final class RecordingResponder: SignedInResponder {
  var signedIn = 0
  func signedIn(to userSession: UserSession) { signedIn += 1 }
}

// MARK: - Reading a declaration

extension Rule {
  /// The text of the file `name` in the folder of `file` (an exercise passes its `#filePath`),
  /// or `nil` when it cannot be read.
  public static func source(beside file: String, named name: String) -> String? {
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    return try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  /// The default value the parameter `name` is declared with in `source`, or `nil` when no
  /// declaration of it has one. Comments are ignored.
  static func defaultArgument(of name: String, in source: String) -> String? {
    let code = source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      String(line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line)
    }.joined(separator: "\n")
    // `name: <type> = <default>` on one line, the type being anything up to a `,`, `=` or `)`.
    guard let declaration = try? Regex(name + #"\s*:[^,=)\n]+=\s*([^,)\n]+)"#),
      let match = code.firstMatch(of: declaration), let value = match.output[1].substring
    else { return nil }
    return String(value.reversed().drop { $0 == " " }.reversed())
  }
}
