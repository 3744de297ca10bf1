import KooberKit
import KooberStory
import ObjectTrace
import Testing

@testable import Chapter6RuntimeContainer
@testable import ExerciseRuntime
@testable import KooberRules

/// The two mistakes a runtime container makes easy are refused: the wrong scope by the rules,
/// with the retention path through the app container's cache; the missing registration by the
/// container itself, at `resolve`, in the step that first needs it.
@Suite @MainActor struct RuntimeContainerMistakeTests {
  /// The mistakes' signed-in registrations are chapter 6's own, but for the one the mistake
  /// leaves out: a registration added to `KooberSignedInAssembly` and not to the copy would make
  /// the mistakes fail for another reason than theirs.
  @Test func theMistakesSignedInRegistrationsAreTheChaptersButForTheViewModel() {
    let session = UserSession(
      profile: UserProfile(
        name: "Ada", nickname: "ada", email: "ada@koober.example", mobileNumber: "170-555-0100"),
      remoteSession: RemoteUserSession(token: Secret("ada-token")))
    let chapters = Container(scope: .signedIn)
    KooberSignedInAssembly.register(in: chapters, session: session)
    let mistakes = Container(scope: .signedIn)
    registerSignedInWithoutItsViewModel(in: mistakes, session: session)
    #expect(
      Set(chapters.registrations.keys).subtracting(mistakes.registrations.keys)
        == ["SignedInViewModel"])
    #expect(Set(mistakes.registrations.keys).isSubset(of: chapters.registrations.keys))
  }

  /// The stale rule's advice ("registered with a caching scope in …") and the ride history's
  /// ("registered `.weak` in …") read the container's caches by the names of its stored
  /// properties: the chapter's container still calls them that.
  @Test func theRulesReadTheContainersCachesByTheirNames() {
    let labels = Mirror(reflecting: Container()).children.compactMap(\.label)
    #expect(labels.contains(Rule.runtimeContainerCache))
    #expect(labels.contains(Rule.runtimeContainerWeakCache))
  }

  @Test func aSignedInViewModelScopedToTheAppContainerIsRefused() async throws {
    let recording = await StoryRecording.record(
      .runtimeContainer(with: .wrongScope, verifying: false))
    let results = Dictionary(
      uniqueKeysWithValues: Rule.shared.map { ($0.id, $0.result(for: recording)) })
    let scopeEnds = try #require(results["signed-in-scope-ends"])
    #expect(scopeEnds.status == .fail)
    #expect(scopeEnds.message.contains("after sign-out"))
    #expect(scopeEnds.message.contains("SignedInViewModel#1"))
    #expect(scopeEnds.message.contains("Container#1.instances[SignedInViewModel]"))
    // The likely cause and its fix, in one line, in both languages.
    #expect(
      scopeEnds.message.hasSuffix(
        """
        ; likely cause: SignedInViewModel is registered with a caching scope in Container#1, \
        which outlives the signed-in scope; fix: register it in the signed-in scope's child \
        container
        """))
    #expect(
      scopeEnds.message(in: .korean).contains(
        "짐작되는 원인: SignedInViewModel이 Container#1에 캐시하는 스코프로 등록되어 있는데"))
    // The Korean names the scope as the glossary does, with the trace's name once.
    #expect(
      scopeEnds.message(in: .korean).hasSuffix(
        """
        그 컨테이너는 로그인 후(signed-in) 스코프보다 오래 산다. 고치는 법: 로그인 후 스코프의 \
        자식 컨테이너에 등록한다
        """))
    // The trace says so too: stale in its own scope, captive in the app container's cache.
    let signOut = try #require(recording.trace.steps.first { $0.name == "sign-out" })
    let findings = signOut.findings.filter { $0.object == "SignedInViewModel#1" }
    #expect(findings.map(\.kind).contains(.stale))
    #expect(findings.contains { $0.detail.contains("Container#1.instances[SignedInViewModel]") })
    #expect(signOut.findings.contains { $0.kind == .captive && $0.object == "Container#1" })
  }

  /// The signed-in registrations with the view model's scope word left out (`.graph`, the
  /// default): the profile, resolved later, reports to a second view model. The ✗ that says so is
  /// titled by what it compares, the view model as well as the session, in both languages.
  @Test func aScopeWordLeftOutIsRefusedUnderATitleThatNamesTheViewModel() async throws {
    let recording = await StoryRecording.record(
      .runtimeContainer { container, session in
        registerSignedInWithoutItsViewModel(in: container, session: session)
        container.register(SignedInViewModel.self) { _ in SignedInViewModel() }
      })
    let result = Rule.signedInSession.result(for: recording)
    #expect(result.status == .fail)
    #expect(result.message.contains(".doneWithProfileResponder is SignedInViewModel#2"))
    #expect(
      result.message.hasSuffix(
        """
        ; likely cause: SignedInViewModel's registration has no scope word, so each resolve \
        makes a new one (.graph); fix: `scope: .container` in the signed-in container
        """))
    #expect(result.message(in: .korean).contains("짐작되는 원인: SignedInViewModel 등록에 스코프 낱말이 없어서"))
    #expect(Rule.signedInSession.statement.en.contains("view model"))
    #expect(Rule.signedInSession.statement.ko.contains("뷰 모델"))
  }

  /// The next session gets the first session's view model: the cache serves it again.
  @Test func theWrongScopeServesTheNextSession() async throws {
    var viewModels: [String] = []
    _ = try await Story.run(.runtimeContainer(with: .wrongScope, verifying: false)) { moment, app in
      guard case .endOf = moment,
        let screen = app?.mainScreen.shown(SignedInViewController.self)
      else { return }
      viewModels.append(traceID(of: screen.viewModel) ?? "?")
    }
    #expect(viewModels == ["SignedInViewModel#1", "SignedInViewModel#1"])
  }

  /// The compiler accepts a composition that never registers the signed-in view model; without
  /// `verify()`, the container stops the app at the first `resolve` that needs it, naming the
  /// type and the container, and the step is named as for any crash.
  @Test func unverifiedAMissingRegistrationStopsTheAppInTheStepThatNeedsIt() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        CrashNotice.install()
        _ = await ExerciseCheck.check(
          Exercise.numbered(4)!,
          chapter: .runtimeContainer(with: .missingRegistration, verifying: false))
      })
    let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(
      errors.contains(
        """
        Fatal error: no registration for SignedInViewModel in Container#3 (signed-in) or its \
        parents
        """))
    #expect(errors.contains("the story crashed in step sign-up"))
  }

  /// Verified, the same composition stops at launch, before any screen: the dry run of the
  /// signed-in registrations finds the registration that needs the missing type.
  @Test func verifiedAMissingRegistrationStopsTheAppAtLaunch() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        CrashNotice.install()
        _ = await ExerciseCheck.check(
          Exercise.numbered(4)!, chapter: .runtimeContainer(with: .missingRegistration))
      })
    let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
    // The lesson, the task and the hints quote this line, line number included.
    #expect(
      errors.contains(
        """
        Container.swift:106: Fatal error: verify(): ProfileViewModel's registration in \
        Container#3 (signed-in): no registration for SignedInViewModel in Container#3 \
        (signed-in) or its parents
        """))
    #expect(errors.contains("the story crashed in step launch"))
  }

  /// Verified, the wrong scope is a captive found at launch, named with both containers' scopes.
  @Test func verifyFindsTheWrongScopeAtLaunch() {
    #expect(
      ContainerMistake.wrongScope.verification == [
        .captive(
          "SignedInViewModel", scope: "signed-in", in: "Container#1 (app)", containerScope: "app")
      ])
  }

  /// Exercise 10's answer that keeps the signed-in view model in a `static`: the dry run made it
  /// at launch in a registry of its own, where no trace would ever see it, and every session
  /// would get that one object. `verify()` refuses it at launch, naming what made it.
  @Test func aViewModelKeptInAStaticIsRefusedAtLaunch() {
    enum Kept {
      @MainActor static var viewModel: SignedInViewModel?
    }
    let problems = AppDelegate.verification(
      signedIn: { container, session in
        KooberSignedInAssembly.register(in: container, session: session)
        container.override(SignedInViewModel.self, scope: .transient) { _ in
          if let kept = Kept.viewModel { return kept }
          let made = SignedInViewModel()
          Kept.viewModel = made
          return made
        }
      }, alsoInApp: { _ in })
    #expect(
      problems.map(\.description) == [
        // The registrations are dry-run in name order: the profile's view model asks for it
        // first.
        """
        SignedInViewModel#1, made by the dry run of ProfileViewModel's registration in \
        Container#3 (signed-in), is still alive after it: no container holds it, so a \
        `static`, a global or an object outside the containers keeps it, and the app would \
        use that one object instead of making its own (keep objects in the container's \
        cache, with a scope word, not in a `static`)
        """
      ])
    Kept.viewModel = nil
  }

  /// The profile screen cached `.container` in the signed-in container, whose view-model factory
  /// is that container: the two hold each other, and the scope outlives sign-out with nothing
  /// outside holding it. The verdict names the chain through the cache, not "no stored strong
  /// reference".
  @Test func aScreenCachedInItsOwnContainerIsKeptByACycleTheVerdictNames() async throws {
    let signedInContainers = SignedInContainers()
    // Unverified: `verify()` refuses this composition at launch (the cycle through the cache).
    let recording = await StoryRecording.record(
      .runtimeContainer(
        signedIn: { container, session in
          signedInContainers.all.append(SignedInContainers.Weak(container: container))
          KooberSignedInAssembly.register(in: container, session: session)
          // The mistake: a screen kept in the cache of the container it keeps.
          container.override(ProfileViewController.self, scope: .container) { resolver in
            ProfileViewController(viewModelFactory: resolver)
          }
        }, verifying: false))
    let result = Rule.signedInScopeEnds.result(for: recording)
    #expect(result.status == .fail)
    #expect(
      result.message.contains(
        """
        held by Container#3.instances[UserSession], ProfileViewModel#1.userSession (kept by the \
        cycle Container#3.instances[ProfileViewController] → \
        ProfileViewController#1.viewModelFactory → Container#3)
        """))
    #expect(!result.message.contains("no stored strong reference"))
    #expect(result.message(in: .korean).contains("순환 참조로 살아 있음"))
    // The trace's finding says so too, and that the session, kept, keeps its token in memory.
    let signOut = try #require(recording.trace.steps.first { $0.name == "sign-out" })
    let session = try #require(signOut.findings.first { $0.object == "UserSession#1" })
    #expect(session.detail.contains("(kept by the cycle "))
    #expect(session.detail.hasSuffix(" — and it still holds a secret in memory"))
    // The cycles broken (an override empties the cache's entry), so nothing leaks past the test.
    for container in signedInContainers.all.compactMap(\.container) {
      container.override(ProfileViewController.self) { _ in fatalError("not resolved") }
    }
  }

  /// The signed-in containers a test's registrations filled, held weakly (the registrations'
  /// closure captures this list, and a strong one would keep the containers from the root),
  /// to break their cycles.
  @MainActor final class SignedInContainers {
    struct Weak {
      weak var container: Container?
    }
    var all: [Weak] = []
  }
}
