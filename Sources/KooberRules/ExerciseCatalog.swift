import Bilingual
import ObjectTrace

/// One classroom exercise: where its files are and which rules its check runs.
public struct Exercise: Sendable, Identifiable {
  /// 1–5 after their chapters, 6–8 for the bug hunts, 9 for writing tests, 10 after chapter 6,
  /// 11 for testing lifetimes, 12 the open exercise on the pick-me-up scope, 13 the same scope as
  /// a runtime container's registrations, 14 after chapter 7, 15 for a dependency set after
  /// `init` and a weak reference back to its owner, 16 for chapter 7's tests, each with values of
  /// its own.
  public let number: Int
  /// A stable name for graders, e.g. `container-hierarchy`.
  public let slug: String
  /// What to do, in a few words.
  public let title: Localized
  /// The folder that holds `exercise/`, `solution/`, the task and the hints, from the package
  /// root.
  public let folder: String
  /// The ids of the rules its check reports, in order.
  public let rules: [RuleID]
  /// The chapter module it is cut from, e.g. `Sources/Chapter4ContainerHierarchy`: the solution
  /// links that module's other files, and a marked file that module also has must be that file
  /// once solved (`workbook dev check`). `nil`: no marked file is compared with a chapter's,
  /// though the solution may still link a chapter's files (exercise 12's links three of chapter
  /// 4's, and changes the signed-in container, so no chapter's file is its solved file).
  public let chapterSources: String?
  /// What the learner's tests check, when the learner writes tests graded by the bugs they catch
  /// (``TestGrading``) rather than a composition the rules check.
  public var testedCode: CodeUnderTest?
  /// Whether the learner writes tests rather than a composition.
  public var gradesTests: Bool { testedCode != nil }
  /// Whether its rules look at objects built alone, with no story (exercise 5's form).
  public var checksObjectsBuiltAlone = false
  /// A page to read once it passes, from the package root (its Korean beside it, `.ko.md`): what
  /// would answer the exercise if read before, so no lesson holds it (exercise 12's, how the
  /// book's sample draws the scope).
  public var readAfterPassing: String?
  /// Whether its check plays the story on the learner's objects (not exercise 5, whose form is
  /// built alone, nor exercises 9, 11 and 16, which run tests).
  public var playsTheStory: Bool { !gradesTests && !checksObjectsBuiltAlone }
  /// Whether this is a bug hunt: its starter is working code with one bug to find.
  public var isBugHunt: Bool { folder.hasPrefix("Chapters/bug-hunts/") }

  public var id: Int { number }

  /// The executable that checks the learner's files.
  public var product: String { "exercise\(number)" }
  /// The executable that checks the solution.
  public var solutionProduct: String { "solution\(number)" }
  /// The learner's folder.
  public var exerciseFolder: String { folder + "/exercise" }
  /// The solution's folder: the source the starter is generated from.
  public var solutionFolder: String { folder + "/solution" }
}

extension Exercise {
  private static let story = [Rule.storyCompletes, .oneMainViewModel, .oneRepository].map(\.id)

  /// Every exercise, in order.
  public static let all: [Exercise] = [
    Exercise(
      number: 1, slug: "on-demand",
      title: Localized(
        en: "Build the signed-in screens on demand",
        ko: "로그인 후 화면을 필요할 때 직접 만들기"),
      folder: "Chapters/01-on-demand",
      rules: story + [
        "signed-in-session", "one-current-session", "signed-in-scope-ends",
        "no-torn-instances", "nothing-leaks",
      ],
      chapterSources: "Sources/Chapter1OnDemand"),
    Exercise(
      number: 2, slug: "factories",
      title: Localized(
        en: "Write the signed-in factory methods, stateless",
        ko: "로그인 후 화면의 팩토리 메서드를 상태 없이 작성하기"),
      folder: "Chapters/02-factories",
      rules: story + [
        "signed-in-session", "one-current-session", "signed-in-scope-ends",
        "no-torn-instances", "factories-are-stateless",
      ],
      chapterSources: "Sources/Chapter2Factories"),
    Exercise(
      number: 3, slug: "single-container",
      title: Localized(
        en: "Write the container's init and its onboarding factories",
        ko: "컨테이너의 init과 온보딩 팩토리 작성하기"),
      folder: "Chapters/03-single-container",
      rules: story + [
        "onboarding-navigators", "signed-in-session", "one-current-session",
        "no-torn-instances", "nothing-leaks",
      ],
      chapterSources: "Sources/Chapter3SingleContainer"),
    Exercise(
      number: 4, slug: "container-hierarchy",
      title: Localized(
        en: "Write KooberSignedInDependencyContainer",
        ko: "KooberSignedInDependencyContainer 작성하기"),
      folder: "Chapters/04-container-hierarchy",
      rules: Rule.shared.map(\.id),
      chapterSources: "Sources/Chapter4ContainerHierarchy"),
    Exercise(
      number: 5, slug: "protocol-di",
      title: Localized(
        en: "Inject the remote API instead of calling a singleton",
        ko: "싱글턴 호출 대신 원격 API를 주입하기"),
      folder: "Chapters/05-protocol-di",
      rules: [
        "preview-uses-the-injected-api", "composition-root-chooses", "preview-works-alone",
        "callers-must-choose", "no-singleton-call",
      ],
      chapterSources: nil, checksObjectsBuiltAlone: true),
    Exercise(
      number: 6, slug: "captive-session",
      title: Localized(
        en: "Bug hunt: a session that outlives sign-out",
        ko: "버그 찾기: 로그아웃 뒤에도 살아 있는 세션"),
      folder: "Chapters/bug-hunts/exercise-06-captive-session",
      rules: Rule.shared.map(\.id),
      chapterSources: "Sources/Chapter4ContainerHierarchy"),
    Exercise(
      number: 7, slug: "two-main-view-models",
      title: Localized(
        en: "Bug hunt: sign-up reports to the wrong MainViewModel",
        ko: "버그 찾기: 가입이 엉뚱한 MainViewModel에 알린다"),
      folder: "Chapters/bug-hunts/exercise-07-two-main-view-models",
      rules: Rule.shared.map(\.id),
      chapterSources: "Sources/Chapter4ContainerHierarchy"),
    Exercise(
      number: 8, slug: "retain-cycle",
      title: Localized(
        en: "Bug hunt: something is alive after quit",
        ko: "버그 찾기: 종료 뒤에도 살아 있는 객체"),
      folder: "Chapters/bug-hunts/exercise-08-retain-cycle",
      rules: Rule.shared.map(\.id),
      chapterSources: "Sources/Chapter4ContainerHierarchy"),
    Exercise(
      number: 9, slug: "write-the-tests",
      title: Localized(
        en: "Write the sign-in form's tests, with your own test doubles",
        ko: "테스트 더블을 직접 만들어 로그인 폼의 테스트 작성하기"),
      folder: "Chapters/testing/exercise-09-write-the-tests",
      rules: CodeUnderTest.signInForm.ruleIDs,
      chapterSources: nil, testedCode: .signInForm),
    Exercise(
      number: 10, slug: "runtime-container",
      title: Localized(
        en: "Register the signed-in scope in its child container",
        ko: "로그인 후 스코프를 자식 컨테이너에 등록하기"),
      folder: "Chapters/06-runtime-container",
      rules: Rule.shared.map(\.id),
      chapterSources: "Sources/Chapter6RuntimeContainer"),
    Exercise(
      number: 11, slug: "test-the-lifetimes",
      title: Localized(
        en: "Test the lifetimes of a podcast app",
        ko: "팟캐스트 앱의 수명 테스트하기"),
      folder: "Chapters/testing/exercise-11-test-the-lifetimes",
      rules: CodeUnderTest.podcastApp.ruleIDs,
      chapterSources: nil, testedCode: .podcastApp),
    Exercise(
      number: 12, slug: "pick-me-up",
      title: Localized(
        en: "Open exercise: design the pick-me-up scope",
        ko: "열린 문제: pick-me-up 스코프 설계하기"),
      folder: "Chapters/open/exercise-12-pick-me-up",
      rules: rides,
      chapterSources: nil, readAfterPassing: "Chapters/open/exercise-12-pick-me-up/AFTER.md"),
    Exercise(
      number: 13, slug: "pick-me-up-registrations",
      title: Localized(
        en: "Register the pick-me-up scope in its child container",
        ko: "pick-me-up 스코프를 자식 컨테이너에 등록하기"),
      folder: "Chapters/open/exercise-13-pick-me-up-registrations",
      rules: rides,
      chapterSources: nil),
    Exercise(
      number: 14, slug: "ambient-dependencies",
      title: Localized(
        en: "Begin the signed-in scope from ambient values",
        ko: "앰비언트 값으로 로그인 후 스코프 시작하기"),
      folder: "Chapters/07-ambient-dependencies",
      // Chapter 7 has no containers: the two rules about them would hold of nothing.
      rules: Rule.shared.map(\.id).filter { !containerRules.contains($0) },
      chapterSources: "Sources/Chapter7AmbientDependencies"),
    Exercise(
      number: 15, slug: "set-after-init",
      title: Localized(
        en: "Set a framework-made screen's view model after init",
        ko: "프레임워크가 만든 화면에 init 뒤 뷰 모델 넣기"),
      folder: "Chapters/after-init/exercise-15-set-after-init",
      rules: [
        "screen-keeps-its-view-model", "view-model-tells-its-screen", "closing-releases-both",
        "missing-view-model-is-named",
      ],
      chapterSources: nil, checksObjectsBuiltAlone: true),
    Exercise(
      number: 16, slug: "override-per-test",
      title: Localized(
        en: "Test the signed-in scope, each test with values of its own",
        ko: "테스트마다 자기 값을 주고 로그인 후 스코프 테스트하기"),
      folder: "Chapters/testing/exercise-16-override-per-test",
      rules: CodeUnderTest.signedInScope.ruleIDs,
      chapterSources: nil, testedCode: .signedInScope),
  ]

  /// The shared rules about child containers, which exercise 14's composition has none of.
  private static let containerRules = [Rule.noContainerHoldsAContainer, .noChildKeepsItsParent]
    .map(\.id)

  /// Exercises 12 and 13's rules: the pick-me-up scope's, then exercise 4's on the longer story.
  private static let rides = Rule.rides.map(\.id)

  /// The exercise numbered `number`.
  public static func numbered(_ number: Int) -> Exercise? {
    all.first { $0.number == number }
  }
}
