import Bilingual
import Chapter7AmbientDependencies
import ExerciseRuntime
import Podcasts

/// A mistake a test-writing exercise's grader plants in the code under test: an enum whose raw
/// value is the bug's id (`--bug shows-no-error`), planted for a run as a task-local value that
/// the code under test reads and every test's task inherits.
public protocol PlantedBug: RawRepresentable<String>, CaseIterable, Sendable {
  /// The broken copy, in a few words, as "a view model that …" finishes it.
  var behaviour: Localized { get }
  /// The task-local value the code under test reads: the bug planted, `nil` for the real code.
  static var planting: TaskLocal<Self?> { get }
}

/// What a test-writing exercise's tests check, and the bugs its grader plants there, one run
/// each: exercise 9's sign-in form, exercise 11's podcast app, exercise 16's signed-in scope.
public struct CodeUnderTest: Sendable {
  /// The exercise whose learner tests it: 9, 11, 16.
  public let exercise: Int
  /// The bugs' ids (`shows-no-error`), in the order the verdicts come.
  public let bugs: [String]
  /// Each bug's broken copy in a few words, as "a view model that …" finishes it.
  let behaviours: [String: Localized]
  /// The real code, as "your tests pass against …" finishes it.
  public let real: Localized
  /// Where the real code is, for the program's `--help`: "KooberKit's SignInViewModel".
  package let source: String
  /// What one broken copy is, after "broken": "view model", "app".
  public let kind: Localized
  /// `kind` with its article: "a view model", "an app".
  let aKind: String
  /// The file the learner writes tests in, in the exercise's folder.
  public let testsFile: String
  /// The id of the rule that the tests pass against the real code.
  public let passesOnRealID: RuleID
  /// What a test may call to assert, as a test that asserts nothing is told: Swift Testing's
  /// two, and the trait's `Lifetimes.check()` where the exercise has it (11).
  let assertions: [String]
  /// Runs `tests` with the bug whose id is given planted (`nil`: the real code), as a task-local
  /// value that the code under test reads and every test's task inherits.
  let plant: @Sendable (String?, @Sendable () async -> CInt) async -> CInt

  /// The code under test whose bugs are `Bug`'s cases, in their order.
  init<Bug: PlantedBug>(
    exercise: Int, bugs _: Bug.Type, real: Localized, source: String, kind: Localized,
    aKind: String, testsFile: String, passesOnRealID: RuleID,
    assertions: [String] = ["#expect", "#require"]
  ) {
    self.exercise = exercise
    bugs = Bug.allCases.map(\.rawValue)
    behaviours = Dictionary(uniqueKeysWithValues: Bug.allCases.map { ($0.rawValue, $0.behaviour) })
    self.real = real
    self.source = source
    self.kind = kind
    self.aKind = aKind
    self.testsFile = testsFile
    self.passesOnRealID = passesOnRealID
    self.assertions = assertions
    plant = { bug, tests in
      await Bug.planting.withValue(bug.flatMap(Bug.init(rawValue:))) { await tests() }
    }
  }

  /// Runs `tests` with `bug` planted in the code under test (`nil`: the real code): the
  /// learner's tests, in the task-local scope that the exercise's broken copies read.
  public func planting(_ bug: String?, around tests: @Sendable () async -> CInt) async -> CInt {
    await plant(bug, tests)
  }

  /// The id of the rule that no test is idle.
  public static let everyTestCatchesID: RuleID = "every-test-catches-a-bug"

  /// The rules' ids, in the order the verdicts come.
  public var ruleIDs: [RuleID] {
    [passesOnRealID] + bugs.map(catchesID) + [Self.everyTestCatchesID]
  }

  /// The id of the rule that the tests catch `bug`.
  public func catchesID(_ bug: String) -> RuleID { RuleID(rawValue: "catches-" + bug) }

  /// The broken copy with `bug`, as "your tests catch …" finishes it ("a view model that …").
  package func broken(_ bug: String) -> Localized {
    let behaviour = behaviours[bug] ?? Localized(en: bug, ko: bug)
    return Localized(en: "\(aKind) that \(behaviour.en)", ko: "\(behaviour.ko) \(kind.ko)")
  }

  /// The real code in short: "the real view model".
  var realKind: Localized { Localized(en: "the real \(kind.en)", ko: "진짜 \(kind.ko)") }

  /// Exercise 9's: KooberKit's sign-in form.
  public static let signInForm = CodeUnderTest(
    exercise: 9, bugs: SignInBug.self,
    real: Localized(en: "the real SignInViewModel", ko: "진짜 SignInViewModel"),
    source: "KooberKit's SignInViewModel",
    kind: Localized(en: "view model", ko: "뷰 모델"), aKind: "a view model",
    testsFile: "SignInViewModelTests.swift", passesOnRealID: "tests-pass-on-the-real-view-model")

  /// Exercise 11's: the podcast app's objects and their lifetimes.
  public static let podcastApp = CodeUnderTest(
    exercise: 11, bugs: PodcastsBug.self,
    real: Localized(en: "the real podcast app", ko: "진짜 팟캐스트 앱"),
    source: "the podcast app in Sources/Podcasts",
    kind: Localized(en: "app", ko: "앱"), aKind: "an app",
    testsFile: "PodcastLifetimeTests.swift", passesOnRealID: "tests-pass-on-the-real-app",
    assertions: ["#expect", "#require", "Lifetimes.check()"])

  /// Exercise 16's: chapter 7's signed-in scope, begun in each test's own values.
  public static let signedInScope = CodeUnderTest(
    exercise: 16, bugs: SignedInScopeBug.self,
    real: Localized(en: "the real signed-in scope", ko: "진짜 로그인 후 스코프"),
    source: "chapter 7's signed-in scope",
    kind: Localized(en: "scope", ko: "스코프"), aKind: "a scope",
    testsFile: "SignedInScopeTests.swift", passesOnRealID: "tests-pass-on-the-real-scope")
}

extension SignedInScopeBug: PlantedBug {
  /// ``planted``, the value the code under test reads.
  public static var planting: TaskLocal<SignedInScopeBug?> { $planted }

  /// The broken scope, in a few words, as "a scope that …" finishes it.
  public var behaviour: Localized {
    switch self {
    case .oneSignedInViewModel:
      Localized(
        en: "forgets to set the signed-in view model, so every sign-in shares the live one",
        ko: "로그인 후 뷰 모델을 설정하지 않아서 모든 로그인이 라이브 값 하나를 함께 쓰는")
    case .profileKeptByTheApp:
      Localized(
        en: "keeps the profile's view-model factory as a live value, with the first session in it",
        ko: "프로필의 뷰 모델 팩토리를 라이브 값으로 두어서 첫 세션을 그 안에 붙잡아 두는")
    case .signsOutToTheProcess:
      Localized(
        en: "reports sign-out to the process's main view model, not to the one it was begun with",
        ko: "로그아웃을 스코프를 시작한 값의 메인 뷰 모델이 아니라 프로세스의 메인 뷰 모델에 알리는")
    case .keepsEverySession:
      Localized(
        en: "keeps every session it began in a list for the whole process",
        ko: "시작한 세션을 모두 프로세스 전체의 목록에 붙잡아 두는")
    }
  }
}

extension PodcastsBug: PlantedBug {
  /// ``planted``, the value the code under test reads.
  public static var planting: TaskLocal<PodcastsBug?> { $planted }

  /// The broken app, in a few words, as "an app that …" finishes it.
  public var behaviour: Localized {
    switch self {
    case .keepsTheLastSession:
      Localized(
        en: "keeps the last listener's session in its app container",
        ko: "마지막 청취자의 세션을 앱 컨테이너에 붙잡아 두는")
    case .progressKeepsThePlayer:
      Localized(
        en: "keeps its player alive through the player's own onProgress closure",
        ko: "플레이어의 onProgress 클로저가 플레이어 자신을 붙잡아 두는")
    case .queueCachedInTheAppContainer:
      Localized(
        en: "caches the listener's queue in the app's registry",
        ko: "청취자의 재생 대기열을 앱의 레지스트리에 캐시하는")
    case .queueRegisteredWeak:
      Localized(
        en: "registers the listener's queue .weak, so it is lost between two uses",
        ko: "청취자의 재생 대기열을 .weak로 등록해서 두 번 쓰는 사이에 잃어버리는")
    }
  }
}
