import AmbientTesting
import Bilingual
import ChapterTestSupport
import Foundation
import KooberStory
import ObjectTrace
import Testing

@testable import Chapter7AmbientDependencies
@testable import KooberKit

/// Chapter 7: ambient dependencies — task-local values that scopes override and `@Dependency`
/// properties capture. Every test has values of its own (`.dependencies()`), and the tests run in
/// parallel, as Swift Testing runs them by default.
@Suite(.dependencies()) struct Chapter7AmbientDependenciesTests {
  /// Who reads a key in these tests, as a failure would name it.
  static let aTest = Localized(en: "a test", ko: "테스트")

  static func session(_ nickname: String) -> UserSession {
    UserSession(
      profile: UserProfile(
        name: nickname.capitalized, nickname: nickname, email: "\(nickname)@koober.example",
        mobileNumber: "170-555-0100"),
      remoteSession: RemoteUserSession(token: Secret("\(nickname)-token")))
  }

  // MARK: - Where a scope's values live

  /// A `@Dependency` keeps every value of the scope that made its object, not only its own key's:
  /// the profile's factory keeps the session in its `mainViewModel` property too. At sign-out the
  /// screen goes, the factory with it, and the session with them: nothing else keeps it.
  @Test @MainActor func aDependencyKeepsEveryValueOfTheScopeThatMadeIt() async throws {
    let trace = try await Story.run(.ambientDependencies)
    let signUp = try #require(trace.steps.first { $0.name == "sign-up" })
    let keepers = signUp.edges.filter {
      $0.from == "ProfileViewModels#1" && $0.to == "UserSession#1"
    }
    #expect(
      keepers.map(\.label) == [
        "userSession.captured.storage[UserSessionKey]",
        "mainViewModel.captured.storage[UserSessionKey]",
        "signedInViewModel.captured.storage[UserSessionKey]",
        "userSessionRepository.captured.storage[UserSessionKey]",
      ])
    let signOut = try #require(trace.steps.first { $0.name == "sign-out" })
    #expect(signOut.released.contains("UserSession#1"))
    #expect(signOut.released.contains("ProfileViewModels#1"))
    #expect(trace.steps.allSatisfy { $0.findings.isEmpty })
  }

  /// The app scope's objects are the app's live values: made at their first read, kept by the
  /// app's `LiveValues`, which the trace lists as it lists a container's holdings.
  @Test @MainActor func theAppsLiveValuesHoldTheAppScope() async throws {
    let trace = try await Story.run(.ambientDependencies)
    let launch = Dictionary(
      uniqueKeysWithValues: trace.steps[0].holders.map { ($0.object, $0.heldBy) })
    #expect(launch["MainViewModel#1"] == ["LiveValues#1"])
    #expect(launch["KooberUserSessionRepository#1"] == ["LiveValues#1"])
  }

  // MARK: - Overrides in a test

  /// A value read after its scope ended is the one captured inside it; a scope current when the
  /// property is read overrides the captured one, as swift-dependencies' `merging` does.
  @Test @MainActor func aCapturedValueIsReadUnderTheCurrentScope() {
    let ada = Self.session("ada")
    let grace = Self.session("grace")
    let factory = withDependencies {
      $0.set(UserSessionKey.self, to: ada)
    } operation: {
      ProfileViewModels()
    }
    #expect(factory.userSession === ada)
    withDependencies {
      $0.set(UserSessionKey.self, to: grace)
    } operation: {
      #expect(factory.userSession === grace)
    }
  }

  /// Parameterized tests run at once; each overrides the session for what it makes, yields to
  /// the others, and still reads its own.
  @Test(arguments: ["ada", "grace", "linus"]) @MainActor
  func eachTestRunningAtOnceReadsItsOwnSession(nickname: String) async {
    // The trait gave this test live values of its own, not the process's.
    #expect(DependencyValues.current.live !== LiveValues.ofTheProcess)
    let session = Self.session(nickname)
    let factory = withDependencies {
      $0.set(UserSessionKey.self, to: session)
      $0.set(SignedInViewModelKey.self, to: SignedInViewModel())
    } operation: {
      ProfileViewModels()
    }
    await Task.yield()
    #expect(factory.makeProfileViewModel().userSession === session)
  }

  /// Two tests at once, each setting the session then reading it, the second setting its own in
  /// between: with one shared place for overrides (a container's stored property, chapter 5's
  /// and 6's style), the first reads the second's; with task-local values, each reads its own.
  @Test @MainActor func aSharedOverrideLeaksIntoATestRunningAtTheSameTime() async {
    let shared = SharedOverrides()
    let read = await Self.twoTestsAtOnce(
      first: { shared.session = Self.session("ada") },
      second: { shared.session = Self.session("grace") },
      read: { shared.session?.profile.nickname })
    #expect(read == "grace")
  }

  /// The same two tests with task-local values: neither sees the other's.
  @Test @MainActor func aTaskLocalOverrideStaysInItsTest() async {
    let live = LiveValues()
    func values(_ nickname: String) -> DependencyValues {
      var values = DependencyValues(live: live)
      values.set(UserSessionKey.self, to: Self.session(nickname))
      return values
    }
    let read = await Self.twoTestsAtOnce(
      first: {}, second: {},
      read: {
        DependencyValues.current.value(UserSessionKey.self, readBy: Self.aTest).profile.nickname
      },
      firstValues: values("ada"), secondValues: values("grace"))
    #expect(read == "ada")
  }

  /// Task-local values keep tests apart, not the objects in them: one spy in a `static let`, set
  /// as each test's value, is one object for every test running, and the first test finds the
  /// second's call in it.
  @Test @MainActor func oneObjectSetAsEveryTestsValueIsSharedByThem() async {
    let spy = SignInSpy()
    var values = DependencyValues(live: LiveValues())
    values.set(SignInSpyKey.self, to: spy)
    let read = await Self.twoTestsAtOnce(
      first: { DependencyValues.current.value(SignInSpyKey.self, readBy: Self.aTest).signIns += 1 },
      second: {
        DependencyValues.current.value(SignInSpyKey.self, readBy: Self.aTest).signIns += 1
      },
      read: { "\(DependencyValues.current.value(SignInSpyKey.self, readBy: Self.aTest).signIns)" },
      firstValues: values, secondValues: values)
    #expect(read == "2")
  }

  /// A key read where no scope has set it, with no live value, stops the app with a line that
  /// names the key and who read it — here, the session read by the profile's factory, made
  /// outside any sign-in.
  @Test func aKeyNoScopeSetIsNamedWhenRead() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run { _ = ProfileViewModels().userSession }
      })
    let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(
      errors.contains(
        """
        UserSessionKey read by a @Dependency(UserSessionKey) property of ProfileViewModels \
        where no scope has set it, and it has \
        no live value: set it in a scope, and make what reads it inside
        """))
  }

  /// The same line in Korean, when the workbook's language is Korean (`--lang ko`).
  @Test func aKeyNoScopeSetIsNamedInKorean() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        Language.choose(.korean)
        await MainActor.run { _ = ProfileViewModels().userSession }
      })
    let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(
      errors.contains(
        """
        어느 스코프도 설정하지 않은 곳에서 ProfileViewModels의 @Dependency(UserSessionKey) 프로퍼티가 \
        UserSessionKey 값을 읽었는데, 이 키에는 라이브 값도 없다: 스코프에서 설정하고, 그 값을 읽는 \
        것은 그 안에서 만들어야 한다
        """))
  }

  /// A `Task { }` made inside a scope inherits its values; a `Task.detached { }` inherits none,
  /// and reads the process's live values, as an escaping closure does.
  @Test @MainActor func aDetachedTaskLosesTheScopesValues() async {
    var values = DependencyValues.current
    values.set(UserSessionKey.self, to: Self.session("ada"))
    let (child, detached) = await DependencyValues.$current.withValue(values) {
      () async -> (LiveValues, LiveValues) in
      let child = Task { @MainActor in DependencyValues.current.live }
      let detached = Task.detached { @MainActor in DependencyValues.current.live }
      return (await child.value, await detached.value)
    }
    #expect(child === values.live)
    #expect(detached === LiveValues.ofTheProcess)
  }

  // MARK: - The mistakes

  /// Factory closures that escape without carrying the app's values read the process's live
  /// values when called: a second main view model, which the trace reports as torn, and the
  /// story stops at sign-up.
  @Test @MainActor func anEscapedClosureLosesTheAppsValues() async throws {
    let outcome = await Story.play(.ambientDependencies(with: .escapedOverride))
    let failure = try #require(outcome.failure)
    #expect(failure.step == .signUp)
    let signUp = try #require(outcome.trace.steps.last)
    #expect(signUp.findings.contains { $0.kind == .torn && $0.object == "MainViewModel#2" })
  }

  /// A sign-in that does not set the signed-in view model reads its live value, which the app's
  /// live values keep past sign-out: stale, and the live values captive.
  @Test @MainActor func aLiveValueForASessionsObjectOutlivesTheSession() async throws {
    let trace = try await Story.run(.ambientDependencies(with: .wrongScope))
    let signOut = try #require(trace.steps.first { $0.name == "sign-out" })
    let stale = try #require(
      signOut.findings.first { $0.kind == .stale && $0.object == "SignedInViewModel#1" })
    // The chain runs through the main screen's closure, into the live values it carries.
    #expect(
      stale.detail.contains(
        """
        kept by app.mainViewController.onboardingViewControllerFactory (captured)\
        .values[SignedInViewModelKey]
        """))
    #expect(signOut.findings.contains { $0.kind == .captive && $0.object == "LiveValues#1" })
  }

  /// The profile's factory kept as a live value is made inside the first sign-in's scope and
  /// keeps its values: the first session outlives sign-out in all four of its properties, and the
  /// second session's screens get the first one's signed-in view model. The live values keep the
  /// factory and the factory's captured values keep the live values: at quit the app's objects
  /// leak in that cycle. (Played in its own process, `chapter7 --mistake kept-overrides`: the
  /// cycle is the finding, and this test process keeps no leak.)
  @Test func aLiveValueMadeInAScopeKeepsThatScopesValues() throws {
    let json = try ExecutableRun("chapter7", ["--mistake", "kept-overrides", "--format", "json"])
      .standardOutput
    let trace = try JSONDecoder().decode(Trace.self, from: Data(json.utf8))
    let signOut = try #require(trace.steps.first { $0.name == "sign-out" })
    let session = try #require(
      signOut.findings.first { $0.kind == .stale && $0.object == "UserSession#1" })
    #expect(session.detail.contains("ProfileViewModels#1.mainViewModel.captured.storage"))
    let signIn = try #require(trace.steps.first { $0.name == "sign-in" })
    #expect(signIn.findings.contains { $0.kind == .torn && $0.object == "SignedInViewModel#2" })
    let quit = try #require(trace.steps.last)
    let leak = try #require(quit.findings.first { $0.kind == .leak && $0.object == "LiveValues#1" })
    #expect(
      leak.detail.contains(
        """
        kept by the cycle LiveValues#1.values[ProfileViewModelsKey] → \
        ProfileViewModels#1.userSession.captured.live → LiveValues#1
        """))
  }
}

// MARK: - Two tests at once

/// One shared place for a test's overrides, as a container's stored property is.
@MainActor final class SharedOverrides {
  var session: UserSession?
}

/// A test double that counts sign-ins.
@MainActor final class SignInSpy {
  var signIns = 0
}

/// The spy, as a dependency a test sets.
enum SignInSpyKey: DependencyKey {
  typealias Value = SignInSpy
}

extension Chapter7AmbientDependenciesTests {
  /// Plays two tests at once, in a fixed order: the first sets its override (`first`, inside
  /// `firstValues`), the second then sets its own, and the first reads (`read`) — what a
  /// scheduler may do to any two tests that run in parallel. Returns what the first read.
  @MainActor static func twoTestsAtOnce(
    first: @escaping @MainActor @Sendable () -> Void,
    second: @escaping @MainActor @Sendable () -> Void,
    read: @escaping @MainActor @Sendable () -> String?,
    firstValues: DependencyValues = DependencyValues.current,
    secondValues: DependencyValues = DependencyValues.current
  ) async -> String? {
    let (firstHasSet, firstSet) = AsyncStream.makeStream(of: Void.self)
    let (secondHasSet, secondSet) = AsyncStream.makeStream(of: Void.self)
    let firstTest = Task { @MainActor in
      await DependencyValues.$current.withValue(firstValues) { () async -> String? in
        first()
        firstSet.yield()
        for await _ in secondHasSet { break }
        return read()
      }
    }
    let secondTest = Task { @MainActor in
      await DependencyValues.$current.withValue(secondValues) { () async -> Void in
        for await _ in firstHasSet { break }
        second()
        secondSet.yield()
      }
    }
    await secondTest.value
    return await firstTest.value
  }
}
