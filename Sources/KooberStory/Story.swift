import Bilingual
import KooberKit
import ObjectTrace

/// The five steps every chapter plays, driven through the view models as a user would.
///
/// 1. `launch` — no saved session, so onboarding (welcome) is shown.
/// 2. `sign-up` — welcome → sign up → signed in; onboarding goes away.
///    (`pick-me-up` and `send-ride`, only for a composition whose ``Chapter/steps`` has them —
///    the open exercise's: "Pick me up" → cancel, then "Pick me up" at another place → send;
///    each request's screen goes away.)
/// 3. `sign-out` — profile → sign out → a new onboarding.
/// 4. `sign-in` — welcome → sign in, a wrong password first (an error on the sign-in screen,
///    nothing else changes), then the right one → signed in.
///    (`new-session-ride`, for the same compositions: "Pick me up" → cancel, in the new session.)
/// 5. `quit` — the app object is dropped; whatever is still alive is reported.
///
/// When a server cannot be reached (chapter 5's cloud API), a form shows the network error and
/// the story goes on from there: a step with nothing to act on (signing out while signed out)
/// leaves the app as it is. Any other surprise stops the story with a ``StoryError``.
@MainActor public enum Story {
  /// Every chapter's steps' names, in order: the trace's step names.
  public static let stepNames = StoryStep.chapters.map(\.name)

  /// Where the rider asks to be picked up first in `pick-me-up`, and in `new-session-ride`:
  /// Seoul City Hall.
  public static let pickupLocation = Location(latitude: 37.5663, longitude: 126.9779)

  /// Where the rider asks the second time in `pick-me-up`: Gangnam Station. Two places, so a
  /// request given a location of its own, not the tapped one, is wrong in one of them.
  public static let secondPickupLocation = Location(latitude: 37.4979, longitude: 127.0276)

  /// A moment of the story where an observer may look at the live objects.
  public enum Moment: Equatable, Sendable {
    /// The end of a step, before it is traced.
    case endOf(StoryStep)
    /// The screen was just brought up to date during a step, e.g. with a form shown.
    case rendered(StoryStep)
    /// Just after the wrong password was tried in `sign-in`.
    case wrongPasswordShown
  }

  /// Looks at the app at a moment of the story. It must not keep any object it is shown.
  public typealias Observer = @MainActor (Moment, (any KooberApp)?) -> Void

  /// Looks at the app and at the live graph the story walked at that moment — at the end of a
  /// step, the very walk the trace is made from, so each moment is walked once.
  public typealias GraphObserver = @MainActor (Moment, (any KooberApp)?, ObjectGraph) -> Void

  /// How far the story has got, told as it goes: so a crash, a `todo` or a hang in the code
  /// under test still leaves the steps that finished, and names the one that did not.
  public enum Progress: Sendable {
    /// A step begins (`launch` begins before the app is made).
    case started(StoryStep)
    /// A step ended and was traced: the step, and the trace of every step so far, this one last.
    case finished(StoryStep, Trace)
  }

  /// Hears the story's ``Progress``.
  public typealias ProgressHandler = @MainActor (Progress) -> Void

  /// What the user types.
  public enum Credentials {
    /// The account the fake server knows.
    public static let email = "johnny@gmail.com"
    /// Its password.
    public static let password = "password"
    /// The wrong guess tried first in `sign-in`.
    public static let wrongPassword = "pa55word-guess"
  }

  /// Plays the story on a new app built by `chapter` and returns its trace.
  /// - Throws: ``StoryError`` when the app does not do what the story expects.
  public static func run(_ chapter: Chapter, observer: Observer? = nil) async throws -> Trace {
    let outcome = await play(chapter, observer: observer)
    if let failure = outcome.failure { throw failure }
    return outcome.trace
  }

  /// Plays the story as far as it goes: when a step fails, the trace ends with that step as the
  /// app was when it failed, and the failure says why — what an exercise checker explains with.
  public static func play(
    _ chapter: Chapter, observer: Observer? = nil, graphObserver: GraphObserver? = nil,
    progress: ProgressHandler? = nil
  ) async -> Outcome {
    let registry = LifetimeRegistry()
    return await LifetimeRegistry.$current.withValue(registry) {
      var run = Run(
        chapter: chapter, registry: registry, observer: observer, graphObserver: graphObserver,
        progress: progress)
      let failure = await run.play()
      return Outcome(
        trace: run.tracer.trace(chapter: chapter.number, title: chapter.title), failure: failure,
        registry: registry)
    }
  }

  /// How far a story got.
  public struct Outcome {
    /// The trace of every step played, the failed one last.
    public let trace: Trace
    /// Why the story stopped early, if it did.
    public let failure: StoryError?
    /// The run's registry: every object it saw, traced or not.
    public let registry: LifetimeRegistry
  }
}

/// An error in the story: the app did not reach the screen a step expects.
public struct StoryError: Error, CustomStringConvertible {
  /// One line for the reader, in both languages.
  public let message: Localized
  /// The step that failed; set by the story runner.
  public internal(set) var step: StoryStep?

  /// The line in English.
  public var description: String { message.en }

  /// An error that says `description` (in Korean, `korean`; an error the story only passes on,
  /// the learner's own, says the same in both).
  public init(description: String, korean: String? = nil) {
    message = Localized(en: description, ko: korean ?? description)
  }
}

// MARK: - One run

@MainActor
private struct Run {
  let chapter: Chapter
  let registry: LifetimeRegistry
  let observer: Story.Observer?
  let graphObserver: Story.GraphObserver?
  let progress: Story.ProgressHandler?
  var tracer: Tracer
  /// The only strong reference the story keeps to the app.
  var app: (any KooberApp)?

  init(
    chapter: Chapter, registry: LifetimeRegistry, observer: Story.Observer?,
    graphObserver: Story.GraphObserver?, progress: Story.ProgressHandler?
  ) {
    self.chapter = chapter
    self.registry = registry
    self.observer = observer
    self.graphObserver = graphObserver
    self.progress = progress
    self.tracer = Tracer(registry: registry)
  }

  /// Plays every step; stops at the first that fails, traces it as it was, and returns why.
  mutating func play() async -> StoryError? {
    progress?(.started(.launch))
    app = chapter.makeApp()
    let plays: [StoryStep: (Run) -> () async throws -> Void] = [
      .launch: Run.launch, .signUp: Run.signUp, .pickMeUp: Run.pickMeUp,
      .sendRide: Run.sendRide, .signOut: Run.signOut, .signIn: Run.signIn,
      .newSessionRide: Run.newSessionRide,
    ]
    for name in chapter.steps where name != .quit {
      guard let step = plays[name] else { continue }
      if name != .launch { progress?(.started(name)) }
      do {
        try await step(self)()
      } catch {
        end(name)
        var failure = error as? StoryError ?? StoryError(description: "\(error)")
        failure.step = name
        app = nil
        return failure
      }
      end(name)
    }
    progress?(.started(.quit))
    app = nil
    end(.quit)
    return nil
  }

  private var main: any MainScreenPresenting {
    get throws {
      guard let app else { throw StoryError(description: "the app is gone", korean: "앱이 이미 없다") }
      return app.mainScreen
    }
  }

  private mutating func end(_ step: StoryStep) {
    observer?(.endOf(step), app)
    let graph = tracer.walk(roots)
    graphObserver?(.endOf(step), app, graph)
    let screen = app.map { $0.mainScreen.shownDescription } ?? "(the app has quit)"
    tracer.record(step: step.name, screen: screen, graph: graph)
    progress?(.finished(step, tracer.trace(chapter: chapter.number, title: chapter.title)))
  }

  /// Where the walk starts: the globals first (they live outside the app, and outlive it), then
  /// the app.
  private var roots: [Tracer.Root] {
    var roots = chapter.globals().map { Tracer.Root($0.name, $0.object, isGlobal: true) }
    if let app { roots.append(Tracer.Root("app", app)) }
    return roots
  }

  /// Lets the observers look at a moment inside a step; the graph is walked only for one that
  /// reads it.
  private func look(_ moment: Story.Moment) {
    observer?(moment, app)
    graphObserver?(moment, app, tracer.walk(roots))
  }

  // MARK: - Steps

  private func launch() async throws {
    let main = try main
    render(main, during: .launch)
    await main.launchViewController.viewModel.loadUserSession()
    render(main, during: .launch)
    if case .signedIn = main.viewModel.view {
      throw StoryError(
        description: "launch found a saved session (left by an earlier run?), but the story "
          + "starts signed out; with the file store, delete the session file or set "
          + "KOOBER_USER_SESSION_FILE to another path",
        korean: "launch에서 저장된 세션을 찾았지만(앞선 실행이 남긴 것일까?) 스토리는 로그아웃 "
          + "상태에서 시작한다. 파일 스토어를 쓴다면 세션 파일을 지우거나 "
          + "KOOBER_USER_SESSION_FILE을 다른 경로로 정해야 한다")
    }
    try expect(WelcomeViewController.self, orNoticeOn: WelcomeViewController.self, after: .launch)
  }

  /// Welcome → sign up → signed in; or, when the server cannot be reached, the sign-up screen
  /// showing the error.
  private func signUp() async throws {
    let main = try main
    try loaded(shown(WelcomeViewController.self, in: main).viewModel).showSignUpView()
    render(main, during: .signUp)
    let form = try loaded(shown(SignUpViewController.self, in: main).viewModel)
    form.name = "Johnny Appleseed"
    form.nickname = "johnny"
    form.email = Story.Credentials.email
    form.mobileNumber = "170-555-0100"
    form.password = Secret(Story.Credentials.password)
    await form.signUp()
    render(main, during: .signUp)
    try expect(SignedInViewController.self, orNoticeOn: SignUpViewController.self, after: .signUp)
  }

  /// Profile → sign out → a new onboarding. Nothing to do when nobody is signed in.
  private func signOut() async throws {
    let main = try main
    guard let signedIn = main.shown(SignedInViewController.self) else { return }
    signedIn.viewModel.showProfile()
    render(main, during: .signOut)
    try await loaded(shown(ProfileViewController.self, in: main).viewModel).signOut()
    render(main, during: .signOut)
    try expect(
      WelcomeViewController.self, orNoticeOn: ProfileViewController.self, after: .signOut)
  }

  /// Two ride requests from signed-in home, tapped at two places: the first cancelled, which
  /// ends back on home with its screen dropped; the second opened and left open, so the step ends
  /// with it shown. Nothing to do when nobody is signed in.
  private func pickMeUp() async throws {
    let main = try main
    guard let signedIn = main.shown(SignedInViewController.self) else { return }
    signedIn.viewModel.pickMeUp(at: Story.pickupLocation)
    render(main, during: .pickMeUp)
    try endRideRequest(in: main, sending: false)
    render(main, during: .pickMeUp)
    try expectTheRequestClosed(in: main, sent: false)
    signedIn.viewModel.pickMeUp(at: Story.secondPickupLocation)
    render(main, during: .pickMeUp)
    try expect(
      PickMeUpViewController.self, orNoticeOn: SignedInViewController.self, after: .pickMeUp)
  }

  /// The open request's ride: a Wallaroo picked and sent, which ends back on home with the
  /// request's screen dropped.
  private func sendRide() async throws {
    let main = try main
    guard main.shown(PickMeUpViewController.self) != nil else { return }
    try endRideRequest(in: main, sending: true)
    render(main, during: .sendRide)
    try expectTheRequestClosed(in: main, sent: true)
    try expect(
      SignedInViewController.self, orNoticeOn: SignedInViewController.self, after: .sendRide)
  }

  /// A ride request in the new session, opened and cancelled: it ends back on home. Nothing to
  /// do when nobody is signed in.
  private func newSessionRide() async throws {
    let main = try main
    guard let signedIn = main.shown(SignedInViewController.self) else { return }
    signedIn.viewModel.pickMeUp(at: Story.pickupLocation)
    render(main, during: .newSessionRide)
    try endRideRequest(in: main, sending: false)
    render(main, during: .newSessionRide)
    try expectTheRequestClosed(in: main, sent: false)
    try expect(
      SignedInViewController.self, orNoticeOn: SignedInViewController.self,
      after: .newSessionRide)
  }

  /// Stops the story when a request that was just cancelled or sent still shows its screen.
  private func expectTheRequestClosed(in main: any MainScreenPresenting, sent: Bool) throws {
    guard main.shown(PickMeUpViewController.self) == nil else {
      throw StoryError(
        description: "a ride request that was \(sent ? "sent" : "cancelled") should close its "
          + "screen, but the screen shows: \(main.shownDescription)",
        korean: "승차 요청을 \(sent ? "보낸" : "취소한") 뒤에는 요청 화면이 닫혀야 하는데, 지금 "
          + "보이는 화면: `\(main.shownDescription)`")
    }
  }

  /// Picks a Wallaroo and taps "Pick me up here", or taps "Cancel", on the shown request; holds
  /// nothing after it returns.
  private func endRideRequest(in main: any MainScreenPresenting, sending: Bool) throws {
    let request = try shown(PickMeUpViewController.self, in: main).viewModel
    guard sending else { return request.cancel() }
    try loaded(shown(RideOptionPickerViewController.self, in: main).viewModel).pick(.wallaroo)
    request.sendRideRequest()
  }

  /// Welcome → sign in: a wrong password first, which only shows an error, then the right one.
  private func signIn() async throws {
    let main = try main
    if let onboarding = main.shown(OnboardingViewController.self),
      main.shown(WelcomeViewController.self) == nil
    {
      onboarding.viewModel.navigateBack()  // still on the sign-up form after an error
      render(main, during: .signIn)
    }
    try loaded(shown(WelcomeViewController.self, in: main).viewModel).showSignInView()
    render(main, during: .signIn)
    let form = try loaded(shown(SignInViewController.self, in: main).viewModel)
    form.email = Story.Credentials.email
    form.password = Secret(Story.Credentials.wrongPassword)
    let objectsBefore = registry.records.count
    let aliveBefore = registry.alive
    await form.signIn()
    render(main, during: .signIn)
    guard main.shown(SignInViewController.self)?.notice != nil,
      registry.records.count == objectsBefore, registry.alive == aliveBefore
    else {
      throw StoryError(
        description: "a wrong password should only show an error on the sign-in screen, "
          + "but the screen shows: \(main.shownDescription)",
        korean: "틀린 비밀번호로 로그인하면 로그인 화면에 오류만 보여야 하는데, 지금 보이는 화면: "
          + "`\(main.shownDescription)`")
    }
    look(.wrongPasswordShown)
    form.password = Secret(Story.Credentials.password)
    await form.signIn()
    render(main, during: .signIn)
    try expect(SignedInViewController.self, orNoticeOn: SignInViewController.self, after: .signIn)
  }

  /// Brings the screen up to date, as the next run-loop turn would, and lets the observer look.
  private func render(_ main: any MainScreenPresenting, during step: StoryStep) {
    main.render()
    look(.rendered(step))
  }

  // MARK: - Finding screens

  private func shown<S: Screen>(_ type: S.Type, in main: any MainScreenPresenting) throws -> S {
    guard let screen = main.shown(type) else {
      throw StoryError(
        description: "expected the \(type) to be shown, but the screen shows: "
          + main.shownDescription,
        korean: "\(String(describing: type), .subject) 보여야 하는데, 지금 보이는 화면: "
          + "`\(main.shownDescription)`")
    }
    return screen
  }

  /// A shown screen's view model, which `render()` has made.
  private func loaded<ViewModel>(_ viewModel: ViewModel?) throws -> ViewModel {
    guard let viewModel else {
      throw StoryError(
        description: "a shown screen has no \(ViewModel.self) after rendering",
        korean: "렌더링한 뒤에도 보이는 화면에 \(String(describing: ViewModel.self), .subject) 없다")
    }
    return viewModel
  }

  /// The step reached `Expected`, or stopped on `Form` showing why (e.g. a network error).
  private func expect<Expected: Screen, Form: Screen>(
    _ expected: Expected.Type, orNoticeOn form: Form.Type, after step: StoryStep
  ) throws {
    let main = try main
    if main.shown(expected) != nil || main.shown(form)?.notice != nil { return }
    throw StoryError(
      description: "after \(step.name) the \(expected) should be shown, but the screen shows: "
        + main.shownDescription,
      korean: "\(step.name) 뒤에는 \(String(describing: expected), .subject) 보여야 하는데, 지금 보이는 화면: "
        + "`\(main.shownDescription)`")
  }

}
