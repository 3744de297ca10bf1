import KooberRules
import KooberStory
import ObjectTrace
import ObjectTraceTesting
import Testing

@testable import Chapter6RuntimeContainer
@testable import KooberKit

/// Chapter 6: a runtime container — a factory per type, object scopes, child containers.
@Suite struct Chapter6RuntimeContainerTests {
  final class Thing {}
  final class Pair {
    let first: Thing
    let second: Thing
    init(_ first: Thing, _ second: Thing) {
      self.first = first
      self.second = second
    }
  }

  // MARK: - What the trace shows

  /// Each registration's scope word is in the trace, beside its type: a wrong word is seen at
  /// launch, before any step goes wrong.
  @Test @MainActor func theTraceShowsEachRegistrationsScopeWord() throws {
    let container = Container()
    container.register(Thing.self, scope: .container) { _ in Thing() }
    container.register(Pair.self, scope: .transient) { resolver in
      Pair(resolver.resolve(Thing.self), resolver.resolve(Thing.self))
    }
    let graph = ObjectGraph(
      roots: [("container", container, false)], registry: LifetimeRegistry(), objectLimit: 100)
    let labels = graph.nodes[0].links.map(\.label)
    #expect(labels.contains("registrations[Thing][.container]"))
    #expect(labels.contains("registrations[Pair][.transient]"))
  }

  // MARK: - Tests and previews: overriding a registration

  /// An API that refuses every sign-in, to see that the override reached the objects.
  final class RefusingAPI: AuthRemoteAPI {
    func signIn(email: String, password: Secret<String>) async throws -> UserSession {
      throw KooberError.incorrectCredentials
    }
    func signUp(account: NewAccount) async throws -> UserSession {
      throw KooberError.incorrectCredentials
    }
  }

  /// A test replaces the remote API with a fake after the app's assembly registered the real
  /// one: the app's repository gets the fake, and the trace marks the registration.
  @Test @MainActor func aTestOverridesTheRemoteAPI() throws {
    let fake = RefusingAPI()
    let app = AppDelegate(alsoInApp: { container in
      container.override(AuthRemoteAPI.self) { _ in fake }
    })
    let repository = try #require(
      app.appContainer.resolve(UserSessionRepository.self) as? KooberUserSessionRepository)
    #expect(repository.remoteAPI === fake)
    let graph = ObjectGraph(
      roots: [("app", app, false)], registry: LifetimeRegistry(), objectLimit: 1_000)
    let container = try #require(graph.nodes.first { $0.typeName == "Container" })
    #expect(
      container.links.map(\.label).contains("registrations[AuthRemoteAPI][.graph, overridden]"))
  }

  /// An override replaces what the container already made, too: the next resolve builds the
  /// replacement, not the object cached before it.
  @Test @MainActor func anOverrideAfterAResolveIsWhatTheNextResolveGives() {
    final class Clock {}
    let container = Container()
    let first = Clock()
    let second = Clock()
    container.register(Clock.self, scope: .container) { _ in first }
    #expect(container.resolve(Clock.self) === first)
    container.override(Clock.self, scope: .container) { _ in second }
    #expect(container.resolve(Clock.self) === second)
  }

  /// An override replaces a `.weak` object too, even while something still holds it: the weak
  /// cache would find the old object alive and give it again, so a test's fake would never reach
  /// the screens that resolve it after the override.
  @Test @MainActor func anOverrideOfAWeakObjectStillHeldIsWhatTheNextResolveGives() {
    final class Clock {}
    let container = Container()
    let first = Clock()
    let second = Clock()
    container.register(Clock.self, scope: .weak) { _ in first }
    #expect(container.resolve(Clock.self) === first)  // `first` is still held, here
    container.override(Clock.self, scope: .weak) { _ in second }
    #expect(container.resolve(Clock.self) === second)
  }

  /// A preview builds one screen alone: the profile of a made-up session, from a signed-in
  /// child container, with no main screen and no story.
  @Test @MainActor func aPreviewBuildsTheProfileScreenAlone() async throws {
    let app = Container()
    KooberAppAssembly.register(in: app, signedIn: KooberSignedInAssembly.register)
    let session = try await FakeAuthRemoteAPI().signIn(
      email: FakeAuthRemoteAPI.knownEmail, password: Secret(FakeAuthRemoteAPI.knownPassword))
    let signedIn = Container(scope: .signedIn, parent: app)
    KooberSignedInAssembly.register(in: signedIn, session: session)
    let profile = signedIn.resolve(ProfileViewController.self)
    profile.render()
    #expect(profile.viewModel?.userSession === session)
  }

  /// An object registered as an instance (the session) has one holder, the cache, which the trace
  /// shows: its factory refers to it without holding it, so no holder hides where the walk cannot
  /// look. (A closure's captures are invisible to reflection: the strong count says it.)
  @Test @MainActor func anInstanceIsHeldByTheCacheAlone() {
    let container = Container()
    let thing = Thing()
    let alone = strongCount(of: thing)
    container.register(Thing.self, instance: thing)
    #expect(strongCount(of: thing) == alone + 1)
    #expect(container.resolve(Thing.self) === thing)
  }

  /// How many strong references `object` has, as the Swift runtime counts them.
  func strongCount(of object: AnyObject) -> Int {
    swiftRetainCount(Unmanaged.passUnretained(object).toOpaque())
  }

  // MARK: - Counting resolves

  /// Each task counts its own resolves: a story played beside another (a parallel test) never
  /// adds to its count, and nothing is counted where no counter is set.
  @Test @MainActor func resolvesAreCountedPerTask() async {
    let container = Container()
    container.register(Thing.self, scope: .transient) { _ in Thing() }
    container.register(Pair.self, scope: .transient) { resolver in
      Pair(resolver.resolve(Thing.self), resolver.resolve(Thing.self))
    }
    let first = Container.ResolveCounter()
    let second = Container.ResolveCounter()
    Container.$resolveCounter.withValue(first) { _ = container.resolve(Pair.self) }
    Container.$resolveCounter.withValue(second) { _ = container.resolve(Thing.self) }
    _ = container.resolve(Pair.self)
    #expect(first.count == 3)
    #expect(second.count == 1)
  }

  // MARK: - Object scopes

  @Test @MainActor func transientMakesANewObjectOnEveryResolve() {
    let container = Container()
    container.register(Thing.self, scope: .transient) { _ in Thing() }
    #expect(container.resolve(Thing.self) !== container.resolve(Thing.self))
  }

  @Test @MainActor func graphSharesOneObjectWithinOneResolve() {
    let container = Container()
    container.register(Thing.self, scope: .graph) { _ in Thing() }
    container.register(Pair.self, scope: .transient) { resolver in
      Pair(resolver.resolve(Thing.self), resolver.resolve(Thing.self))
    }
    let pair = container.resolve(Pair.self)
    #expect(pair.first === pair.second)
    #expect(container.resolve(Pair.self).first !== pair.first)
  }

  @Test @MainActor func containerKeepsOneObjectForAsLongAsItLives() {
    weak var kept: Thing?
    do {
      let container = Container()
      container.register(Thing.self, scope: .container) { _ in Thing() }
      let first = container.resolve(Thing.self)
      #expect(container.resolve(Thing.self) === first)
      kept = first
    }
    #expect(kept == nil)
  }

  @Test @MainActor func weakReusesAnObjectOnlyWhileSomethingElseHoldsIt() {
    let container = Container()
    container.register(Thing.self, scope: .weak) { _ in Thing() }
    weak var released: Thing?
    do {
      let held = container.resolve(Thing.self)
      #expect(container.resolve(Thing.self) === held)
      released = held
    }
    #expect(released == nil)
    #expect(container.resolve(Thing.self) !== released)
  }

  @Test @MainActor func aChildResolvesWhatItLacksFromItsParentAndWhatItHasItself() {
    let app = Container()
    app.register(Thing.self, scope: .container) { _ in Thing() }
    let child = Container(scope: .signedIn, parent: app)
    #expect(child.resolve(Thing.self) === app.resolve(Thing.self))
    let other = Container(scope: .signedIn, parent: app)
    other.register(Thing.self, scope: .container) { _ in Thing() }
    #expect(other.resolve(Thing.self) !== app.resolve(Thing.self))
  }

  @Test @MainActor func anInstanceRegisteredIsTheOneResolved() {
    let container = Container(scope: .signedIn)
    let thing = Thing()
    container.register(Thing.self, instance: thing)
    #expect(container.resolve(Thing.self) === thing)
  }

  // MARK: - Mistakes the container names

  @Test @MainActor func aTypeNeverRegisteredIsNamed() throws {
    let container = Container()
    let error = try #require(throws: ResolutionError.self) {
      try container.resolution(of: Thing.self)
    }
    #expect(error == .notRegistered("Thing", in: "Container (untraced)", parentGone: false))
    #expect(error.description == "no registration for Thing in Container (untraced) or its parents")
  }

  @Test @MainActor func aChildWhoseParentIsGoneSaysSo() throws {
    var app: Container? = Container()
    app?.register(Thing.self) { _ in Thing() }
    let child = Container(scope: .signedIn, parent: app)
    let made = try child.resolution(of: Thing.self)
    #expect(try child.resolution(of: Thing.self) !== made)
    app = nil
    let error = try #require(throws: ResolutionError.self) {
      try child.resolution(of: Thing.self)
    }
    #expect(
      error.description
        == """
        no registration for Thing in Container (untraced), and its parent container has \
        been released
        """)
  }

  @Test func aRegistrationReplacedIsStopped() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let container = Container()
          container.register(Thing.self) { _ in Thing() }
          container.register(Thing.self) { _ in Thing() }
        }
      })
    let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(
      errors.contains(
        """
        Thing is registered twice in Container (untraced): the second registration would \
        replace the first
        """))
  }

  @Test func aCycleOfRegistrationsIsNamedNotAHang() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let container = Container()
          container.register(Pair.self) { resolver in
            Pair(resolver.resolve(Thing.self), Thing())
          }
          container.register(Thing.self) { resolver in
            _ = resolver.resolve(Pair.self)
            return Thing()
          }
          _ = container.resolve(Pair.self)
        }
      })
    let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(errors.contains("a cycle of registrations: Pair → Thing → Pair"))
  }

  // MARK: - The story

  @Test @MainActor func theAppContainersCacheHoldsTheAppsLongLivedObjects() async throws {
    var checked = false
    _ = try await Story.run(.runtimeContainer) { moment, app in
      guard moment == .endOf(.launch), let delegate = app as? AppDelegate else { return }
      let container = delegate.appContainer
      #expect(container.resolve(MainViewModel.self) === delegate.mainViewController.viewModel)
      #expect(
        container.resolve(UserSessionRepository.self)
          === container.resolve(UserSessionRepository.self))
      checked = true
    }
    #expect(checked)
  }

  /// As a test of your own app would check it (`ObjectTraceTesting`): each scope's container,
  /// with what it cached, is gone once its screens are, while the app lives.
  @Test(.trackLifetimes) @MainActor func eachScopesContainerIsReleasedWithItsScreens()
    async throws
  {
    var checked = false
    _ = try await Story.run(.runtimeContainer) { moment, app in
      if moment == .endOf(.launch), let app,
        let screen = app.mainScreen.shown(OnboardingViewController.self)
      {
        Lifetimes.root(app, named: "app")
        let onboarding = screen.welcomeViewController.viewModelFactory as? Container
        #expect(onboarding?.resolve(OnboardingViewModel.self) === screen.viewModel)
        if let onboarding { Lifetimes.expectReleased(onboarding) }
      }
      if moment == .endOf(.signUp),
        let screen = app?.mainScreen.shown(SignedInViewController.self)
      {
        Lifetimes.check()  // the onboarding container went with its screens
        let signedIn = screen.profileViewController.viewModelFactory as? Container
        #expect(signedIn?.resolve(UserSession.self) === screen.userSession)
        #expect(signedIn?.resolve(SignedInViewModel.self) === screen.viewModel)
        if let signedIn { Lifetimes.expectReleased(signedIn) }
        Lifetimes.expectReleased(screen.viewModel)
      }
      if moment == .endOf(.signOut) {
        Lifetimes.check()
        checked = true
      }
    }
    #expect(checked)
  }

  /// The shortest cycle: a factory that resolves its own type is named, not a stack overflow.
  @Test func aRegistrationThatResolvesItsOwnTypeIsACycle() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let container = Container()
          container.register(Thing.self) { resolver in
            _ = resolver.resolve(Thing.self)
            return Thing()
          }
          _ = container.resolve(Thing.self)
        }
      })
    let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
    // Named once, as the chain it is: not found a level later, as `Thing → Thing → Thing`.
    #expect(errors.contains("a cycle of registrations: Thing → Thing\n"))
  }
}

/// The Swift runtime's count of an object's strong references (`swift_retainCount`, exported on
/// every platform): what no reflection can tell of a closure's captures.
@_silgen_name("swift_retainCount")
private func swiftRetainCount(_ object: UnsafeMutableRawPointer) -> Int
