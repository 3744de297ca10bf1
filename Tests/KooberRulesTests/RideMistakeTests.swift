import ChapterTestSupport
import KooberKit
import KooberStory
import ObjectTrace
import Testing
import TracePictures

@testable import ExerciseRuntime
@testable import KooberRules

/// Exercise 12, the open exercise: each wrong design of the pick-me-up scope a learner might try
/// is refused by a rule whose message names the object, the step and the holder; the right
/// design keeps every rule.
@Suite @MainActor struct RideMistakeTests {
  /// Exercise 12's rules, as its check runs them.
  static let rules = Rule.rides

  /// The verdicts of exercise 12's rules on a composition with `mistake`, by rule id; a cycle
  /// the mistake made is broken once they are read (`cyclesBroken` counts its containers).
  func verdicts(_ mistake: Mistake, cyclesBroken: ((Int) -> Void)? = nil) async
    -> [RuleID: RuleResult]
  {
    let cycles = RequestCycleList()
    let recording = await RequestCycles.$current.withValue(cycles) {
      await StoryRecording.record(.mistaken(mistake, rides: true))
    }
    let verdicts = Dictionary(
      uniqueKeysWithValues: Self.rules.map { ($0.id, $0.result(for: recording)) })
    let broken = cycles.breakAll()
    cyclesBroken?(broken)
    return verdicts
  }

  /// The failing rules' messages, by rule id.
  func failures(_ mistake: Mistake) async -> [RuleID: String] {
    await verdicts(mistake).filter { $0.value.status == .fail }.mapValues(\.message)
  }

  @Test func exercise12RunsTheseRulesInThisOrder() throws {
    let exercise = try #require(Exercise.numbered(12))
    #expect(exercise.rules == Self.rules.map(\.id))
    #expect(exercise.playsTheStory)
  }

  @Test func theRightDesignKeepsEveryRule() async {
    #expect(await failures(.none) == [:])
  }

  /// The book's way, which chapter 4 says is as good: each request's container is a local that
  /// makes the screens and goes at once, and the screens keep only what it made. No look meets
  /// the container, but the run made one for each request, so the request had its own.
  @Test func aRequestContainerLetGoOnceItMadeTheScreensKeepsEveryRule() async throws {
    let recording = await StoryRecording.record(
      .mistaken(.pickMeUpContainerLetGoAtOnce, rides: true))
    let open = try #require(recording.step(.pickMeUp))
    #expect(!open.live.contains { $0.hasPrefix("MistakenPickMeUpContainer#") })
    #expect(open.released.contains("MistakenPickMeUpContainer#2"))
    #expect(await failures(.pickMeUpContainerLetGoAtOnce) == [:])
  }

  /// The story leaves the second request open at the end of pick-me-up, so that step's trace
  /// shows a request alive (its view model and its container); send-ride ends it, and its
  /// objects go.
  @Test func pickMeUpEndsWithTheSecondRequestOpenAndSendRideEndsIt() async throws {
    let recording = await StoryRecording.record(.mistaken(.none, rides: true))
    let open = try #require(recording.step(.pickMeUp))
    let scoped = open.live.filter { recording.scope(of: $0) == LifetimeScope.pickMeUp.name }
    #expect(scoped.contains("PickMeUpViewModel#2"))
    #expect(scoped.contains { $0.hasPrefix("PickMeUpViewController#") })
    #expect(open.released.contains("PickMeUpViewModel#1"))
    let sent = try #require(recording.step(.sendRide))
    #expect(sent.released.contains("PickMeUpViewModel#2"))
    #expect(!sent.live.contains { recording.scope(of: $0) == LifetimeScope.pickMeUp.name })
  }

  @Test func aRequestKeptByTheSignedInContainerIsStaleAfterItEnds() async {
    let failures = await failures(.signedInContainerKeepsTheRequest)
    #expect(Set(failures.keys) == ["pick-me-up-scope-ends"])
    #expect(
      failures["pick-me-up-scope-ends"]?.contains(
        """
        PickMeUpViewModel#2 is still alive at the end of send-ride, when both ride requests have ended, held \
        by MistakenSignedInContainer#1.lastRequest
        """) == true)
    // The cause and fix name the property that stores it, not a container to make it in.
    #expect(
      failures["pick-me-up-scope-ends"]?.contains(
        """
        likely cause: MistakenSignedInContainer#1.lastRequest stores it, and outlives the \
        request; fix: do not store it there: only the request's own container keeps it
        """)
        == true)
    // Not "let the request's own container make it": it already did (the trial's probe).
    #expect(failures["pick-me-up-scope-ends"]?.contains("container make it") == false)
  }

  /// A stored screen is told to be returned, not to be kept by the request's container: a
  /// container that keeps its screen is a cycle (the Korean trial's probe).
  @Test func aRequestScreenKeptByTheSignedInContainerIsToldToBeReturned() async throws {
    let verdicts = await verdicts(.signedInContainerKeepsTheRequestScreen)
    let result = try #require(verdicts["pick-me-up-scope-ends"])
    #expect(result.status == .fail)
    #expect(
      result.message.contains(
        """
        likely cause: MistakenSignedInContainer#1.lastRequestScreen stores the request's \
        screen, and outlives the request; fix: do not store it there: return the screen to \
        the signed-in screen
        """))
    #expect(!result.message.contains("only the request's own container keeps it"))
    let korean = result.message(in: .korean)
    #expect(korean.contains("요청의 화면을 저장한다. 고치는 법: 거기에 저장하지 말고 화면을 돌려주기만"))
    #expect(!korean.contains("요청 자신의 컨테이너만 이 객체를 붙잡고"))
  }

  @Test func aRequestContainerThatKeepsItsParentIsRefusedAsADesignRule() async {
    let failures = await failures(.pickMeUpContainerKeepsItsParent)
    #expect(Set(failures.keys) == ["no-child-keeps-its-parent"])
    #expect(
      failures["no-child-keeps-its-parent"]?.contains(
        """
        in pick-me-up, MistakenPickMeUpContainer#1.signedInContainer holds \
        MistakenSignedInContainer#1
        """) == true)
    // The rule says both ways a child may reach its parent: chapter 4's children copy, chapter
    // 6's refer to it weakly, and neither lesson is contradicted.
    let result = await verdicts(.pickMeUpContainerKeepsItsParent)["no-child-keeps-its-parent"]
    #expect(
      result?.message.hasPrefix(
        "no child container keeps its parent: it copies what it needs, or refers to it weakly")
        == true)
    #expect(
      result?.message(in: .korean).hasPrefix(
        "자식 컨테이너는 부모를 붙잡지 않는다: 필요한 것만 복사해 오거나, 약한 참조로 가리킨다") == true)
  }

  @Test func aSecondSessionIsNamedWithTheSessionTheScreensShow() async {
    let failures = await failures(.pickMeUpMakesASecondSession)
    #expect(Set(failures.keys) == ["ride-request-uses-the-session", "one-current-session"])
    #expect(
      failures["ride-request-uses-the-session"]?.contains(
        """
        in pick-me-up, PickMeUpViewModel#1.userSession is UserSession#2, but \
        SignedInViewController#1 shows UserSession#1
        """) == true)
  }

  @Test func oneViewModelForEveryRequestIsRefusedNamingItsHolder() async {
    let failures = await failures(.oneViewModelForEveryRequest)
    // The shared view model also keeps the first request's location: the second was tapped
    // elsewhere.
    #expect(
      Set(failures.keys) == [
        "one-view-model-per-request", "pick-me-up-scope-ends", "ride-request-picks-up-where-tapped",
      ])
    #expect(
      failures["one-view-model-per-request"]?.contains(
        """
        in pick-me-up, ride request 2 shows PickMeUpViewModel#1, the view model of request 1: \
        held by MistakenSignedInContainer#1.everyRequest
        """) == true)
    // Request 1's view model keeps request 1's location: named as reused, not as made up.
    #expect(
      failures["ride-request-picks-up-where-tapped"]?.contains(
        """
        ride request 2 shows PickMeUpViewModel#1, whose pickupLocation Location(latitude: \
        37.5663, longitude: 126.9779) is where request 1 was tapped, not Location(latitude: \
        37.4979, longitude: 127.0276) (SignedInViewModel#1.view); likely cause: the view \
        model, or the container that made it, was made for request 1 and is reused
        """) == true)
  }

  @Test func aRequestKeptByTheAppContainerIsRefusedAsAKeptChild() async throws {
    let verdicts = await verdicts(.appContainerMakesTheRequest)
    let failures = verdicts.filter { $0.value.status == .fail }.mapValues(\.message)
    #expect(
      failures["no-container-holds-a-container"]?.contains(
        """
        in pick-me-up, MistakenAppContainer#1.pickMeUpContainer holds \
        MistakenPickMeUpContainer#1
        """) == true)
    // What the kept child made, in its own scope's words: a request makes no session (en, ko).
    let kept = try #require(verdicts["no-container-holds-a-container"])
    #expect(kept.message.contains("so what the child made (the request's view model) outlives"))
    #expect(!kept.message.contains("a session, its token"))
    #expect(kept.message(in: .korean).contains("자식이 만든 것(요청의 뷰 모델)이"))
    #expect(
      failures["pick-me-up-scope-ends"]?.contains(
        """
        MistakenPickMeUpContainer#2 is still alive at the end of send-ride, when both ride \
        requests have ended, held by MistakenAppContainer#1.pickMeUpContainer
        """) == true)
    // The stale object is the request's container itself: the fix says where it belongs.
    #expect(
      failures["pick-me-up-scope-ends"]?.contains(
        """
        likely cause: MistakenAppContainer#1.pickMeUpContainer stores the request's container; \
        fix: do not store it there: hand it to the request's screens, which keep it
        """)
        == true)
    // What the kept request holds keeps the first session past sign-out.
    #expect(
      failures["signed-in-scope-ends"]?.contains(
        """
        UserSession#1 is still alive after sign-out, held by \
        MistakenPickMeUpContainer#2.userSession
        """) == true)
  }

  @Test func aRequestContainerWithoutItsScopeWordIsNotARequestContainer() async {
    let failures = await failures(.untracedPickMeUpContainer)
    #expect(Set(failures.keys) == ["pick-me-up-container"])
    let message = failures["pick-me-up-container"] ?? ""
    // It names the learner's container, which the trace sees but cannot tell the scope of,
    // rather than saying no container is alive and then naming one.
    #expect(
      message
        == """
        each ride request has a container of its own, in the pick-me-up scope — \
        in pick-me-up, while PickMeUpViewController#1 is shown, no object the trace can see \
        is a container of the pick-me-up scope; its PickMeUpViewModel#1 is held by \
        PickMeUpViewController#1.viewModel, UntracedPickMeUpContainer#1.sharedPickMeUpViewModel, \
        RideOptionPickerViewModel#1.rideOptionDeterminedResponder; \
        likely cause: UntracedPickMeUpContainer#1 stores no `Lifetime` token, so the trace \
        cannot tell its scope; fix: if it is the request's container, give it `let lifetime = \
        Lifetime(of: UntracedPickMeUpContainer.self, scope: .pickMeUp, role: .container)`
        """)
    let korean = await verdicts(.untracedPickMeUpContainer)["pick-me-up-container"]
    #expect(
      korean?.message(in: .korean).contains(
        """
        짐작되는 원인: UntracedPickMeUpContainer#1에 `Lifetime` 토큰이 없어서 트레이스가 그 스코프를 \
        알 수 없다
        """) == true)
  }

  /// A request container whose token was copied from the signed-in container's is named as
  /// such, with the token to write, not told that a longer-lived container made the request.
  @Test func aRequestContainerWhoseTokenSaysSignedInIsNamedWithItsScope() async throws {
    let verdicts = await verdicts(.pickMeUpContainerTokenSaysSignedIn)
    let result = try #require(verdicts["pick-me-up-container"])
    #expect(result.status == .fail)
    #expect(
      result.message.contains(
        """
        no container of the pick-me-up scope is alive; MistakenPickMeUpContainer#1, made for \
        this request, is a container whose token says scope signed-in; fix: if it is the \
        request's container, give it `let lifetime = Lifetime(of: \
        MistakenPickMeUpContainer.self, scope: .pickMeUp, role: .container)`
        """))
    #expect(!result.message.contains("made by a longer-lived container"))
    #expect(
      result.message(in: .korean).contains(
        "이 요청을 위해 만든 MistakenPickMeUpContainer#1은 토큰에 스코프가 signed-in으로 적힌 컨테이너다"))
  }

  /// A request container that keeps its ride options' screen, whose factory it is: the request's
  /// objects hold each other, no root reaches them once the request ends, and every rule names
  /// the holder and the cycle, not "a `static` or global".
  @Test func aRequestContainerThatCachesItsScreenIsACycleNamedAfterTheRequestEnds() async {
    let failures = await failures(.pickMeUpContainerCachesItsScreen)
    let cycle =
      """
      MistakenPickMeUpContainer#1.cachedRideOptions → RideOptionPickerViewController#1.\
      viewModelFactory → MistakenPickMeUpContainer#1
      """
    let ends = failures["pick-me-up-scope-ends"] ?? ""
    #expect(
      ends.contains(
        "MistakenPickMeUpContainer#1 is still alive at the end of send-ride, when both ride requests have ended, "
          + "held by RideOptionPickerViewController#1.viewModelFactory (kept by the cycle \(cycle))"
      ))
    #expect(ends.contains("likely cause: the request's own objects hold each other in a cycle"))
    #expect(!ends.contains("a container that outlives a request"))
    #expect(
      failures["signed-in-scope-ends"]?.contains(
        """
        UserSession#1 is still alive after sign-out, held by MistakenPickMeUpContainer#1.\
        userSession
        """) == true)
    let leaks = failures["nothing-leaks"] ?? ""
    #expect(
      leaks.contains(
        "MistakenPickMeUpContainer#1 (held by RideOptionPickerViewController#1.viewModelFactory)"))
    #expect(leaks.contains("the retain cycle that keeps them: \(cycle)"))
    #expect(!leaks.contains("held by no stored property"))
    var broken = 0
    let korean = await verdicts(.pickMeUpContainerCachesItsScreen) { broken = $0 }[
      "pick-me-up-scope-ends"]
    // The three requests' cycles, broken after the story: the test itself leaks nothing.
    #expect(broken == 3)
    #expect(
      korean?.message(in: .korean).contains(
        "짐작되는 원인: 요청의 객체들이 순환 참조로 서로 붙잡고 있어서") == true)
  }

  /// The trace's own findings agree with the rules: a second view model alive beside the first
  /// (torn) is held by its request's cycle, as the stale line above it says, not by "nothing".
  @Test func theTracesTornFindingNamesTheCycleToo() async throws {
    let cycles = RequestCycleList()
    let recording = await RequestCycles.$current.withValue(cycles) {
      await StoryRecording.record(.mistaken(.pickMeUpContainerCachesItsScreen, rides: true))
    }
    defer { cycles.breakAll() }
    let torn = try #require(recording.step(.sendRide)?.findings.first { $0.kind == .torn })
    #expect(torn.object == "PickMeUpViewModel#2")
    #expect(torn.detail.contains("(kept by the cycle MistakenPickMeUpContainer#2."))
    #expect(!torn.detail.contains("held by nothing the walk reached"))
  }

  @Test func rideOptionsReportingToANewRequestAreNamed() async {
    let failures = await failures(.rideOptionsReportToANewRequest)
    #expect(
      failures["ride-options-report-to-their-request"]?.contains(
        """
        in pick-me-up, RideOptionPickerViewModel#1.rideOptionDeterminedResponder is \
        PickMeUpViewModel#2, but PickMeUpViewController#1 shows PickMeUpViewModel#1
        """) == true)
    // A hand-written container's fix: one `let`, not a scope word.
    #expect(
      failures["ride-options-report-to-their-request"]?.contains(
        """
        fix: give them the one the request's screen shows, made once per request (in the \
        request container's init, kept in a `let`)
        """) == true)
    // The request shown never got its ride, so it cannot be sent.
    #expect(
      failures["story-completes"]?.contains(
        """
        it stopped in step send-ride: a ride request that was sent should close its screen, \
        but the screen shows: Main › Signed in as johnny › Pick me up (Pick a ride first.)
        """)
        == true)
  }

  @Test func signedInScreensWithNoFactoryStopTheStoryWithTheCause() async {
    let failures = await failures(.signedInScreensCannotRequestRides)
    let message = failures["story-completes"] ?? ""
    #expect(
      message.contains(
        "it stopped in step pick-me-up: expected the PickMeUpViewController to be shown"))
    #expect(
      message.contains(
        """
        likely cause: the SignedInViewController was made with no \
        pickMeUpViewControllerFactory
        """))
    // A step that stopped half-played is not judged: the request never ended.
    #expect(failures["pick-me-up-scope-ends"]?.contains(" — not checked: ") == true)
  }

  /// The chapters' story has no ride: the cause is given only where "Pick me up" was tapped.
  @Test func theUnwiredCauseIsNotGivenForAStopElsewhere() async {
    let recording = await StoryRecording.record(.mistaken(.profileRespondsToANewMainViewModel))
    let message = Rule.ridesStoryCompletes.result(for: recording).message
    #expect(message.contains("it stopped in step sign-out"))
    #expect(!message.contains("likely cause"))
  }

  /// The session's ride history made by each request's container: the second request records
  /// into a history of its own, named with the `let` that keeps it (en, ko).
  @Test func aRideHistoryPerRequestContainerIsRefusedNamingItsLet() async throws {
    let verdicts = await verdicts(.pickMeUpContainerMakesTheRideHistory)
    let failing = verdicts.filter { $0.value.status == .fail }
    #expect(Set(failing.keys) == ["one-ride-history-per-session"])
    let result = try #require(verdicts["one-ride-history-per-session"])
    #expect(
      result.message.contains(
        """
        in pick-me-up, ride request 2 is given RideHistory#2 to record in (held by \
        PickMeUpViewModel#2.rideHistory, MistakenPickMeUpContainer#2.rideHistory), but \
        request 1 was given RideHistory#1
        """))
    #expect(
      result.message.contains(
        """
        likely cause: each request's container keeps a RideHistory of its own \
        (MistakenPickMeUpContainer#2.rideHistory), made per request; fix: make it once per \
        session, in the signed-in container
        """))
    #expect(
      result.message(in: .korean).contains(
        "pick-me-up에서 2번 승차 요청은 기록할 곳으로 RideHistory#2를 받았는데"))
    #expect(result.message(in: .korean).contains("1번 요청은 RideHistory#1을 받았다"))
    #expect(
      result.message(in: .korean).contains(
        "요청의 컨테이너마다 자기 RideHistory를 붙잡고 있다(MistakenPickMeUpContainer#2.rideHistory)")
    )
  }

  /// A new history handed to each request and kept by its view model alone: no container is
  /// named, since none keeps it.
  @Test func aRideHistoryMadeOnEachRequestIsRefused() async {
    let failures = await failures(.rideHistoryMadeOnEachRequest)
    #expect(Set(failures.keys) == ["one-ride-history-per-session"])
    #expect(
      failures["one-ride-history-per-session"]?.contains(
        "ride request 2 is given RideHistory#2 to record in (held by PickMeUpViewModel#2.rideHistory)"
      )
        == true)
    #expect(
      failures["one-ride-history-per-session"]?.contains(
        "likely cause: a new RideHistory is made for each request") == true)
  }

  /// Kept by the app container, the history is shared by the requests (that rule holds) but
  /// outlives the session: a second rider would be offered the first one's ride.
  @Test func aRideHistoryKeptByTheAppContainerOutlivesTheSession() async throws {
    let verdicts = await verdicts(.appContainerKeepsTheRideHistory)
    let failures = verdicts.filter { $0.value.status == .fail }.mapValues(\.message)
    #expect(
      Set(failures.keys) == ["signed-in-scope-ends", "new-session-ride-history-starts-empty"])
    // The request after signing in again is offered the last session's ride.
    let reused = try #require(verdicts["new-session-ride-history-starts-empty"])
    #expect(
      reused.message.contains(
        "in new-session-ride, ride request 3, the first after signing in again, is given "
          + "RideHistory#1 (held by MistakenAppContainer#1.sharedRideHistory, "))
    #expect(
      reused.message.contains(
        """
        with sentRides [wallaroo]: the new rider is offered the last session's rides; likely \
        cause: MistakenAppContainer#1.sharedRideHistory keeps it, and outlives the session; \
        fix: make it in the signed-in container, which each sign-in makes anew
        """))
    #expect(
      reused.message(in: .korean).contains(
        "짐작되는 원인: 세션보다 오래 사는 MistakenAppContainer#1.sharedRideHistory가 붙잡고 있다"))
    #expect(
      failures["signed-in-scope-ends"]?.contains(
        """
        RideHistory#1 is still alive after sign-out, held by \
        MistakenAppContainer#1.sharedRideHistory
        """) == true)
    // The cause and the fix name the property that stores it (en, ko).
    let stale = try #require(verdicts["signed-in-scope-ends"])
    #expect(
      stale.message.contains(
        """
        likely cause: MistakenAppContainer#1.sharedRideHistory stores it, and \
        MistakenAppContainer#1 outlives the signed-in scope; fix: do not store it there: \
        keep it in the signed-in scope's own container
        """))
    #expect(
      stale.message(in: .korean).contains(
        "고치는 법: 거기에 저장하지 말고 로그인 후 스코프 자신의 컨테이너에 둔다"))
  }

  /// A location made up in the request's container, where the tapped one was at hand: named
  /// with the one the signed-in view model shows (en, ko).
  @Test func aMadeUpPickupLocationIsRefused() async throws {
    let verdicts = await verdicts(.pickMeUpMadeUpItsLocation)
    let failing = verdicts.filter { $0.value.status == .fail }
    #expect(Set(failing.keys) == ["ride-request-picks-up-where-tapped"])
    let result = try #require(verdicts["ride-request-picks-up-where-tapped"])
    #expect(
      result.message.contains(
        """
        in pick-me-up, PickMeUpViewModel#1.pickupLocation is Location(latitude: 0.0, longitude: \
        0.0), but the rider tapped \"Pick me up\" at Location(latitude: 37.5663, longitude: \
        126.9779) (SignedInViewModel#1.view)
        """))
    #expect(result.message.contains("not the one `makePickMeUpViewController(pickupLocation:)`"))
    #expect(
      result.message(in: .korean).contains(
        "사용자는 Location(latitude: 37.5663, longitude: 126.9779)에서 \"Pick me up\"을 눌렀다"))
  }

  /// The place the story taps first, written out: right for the first request, wrong for the
  /// second, tapped elsewhere (en, ko).
  @Test func aLocationWrittenOutIsRefusedWhereTheRiderTapsElsewhere() async throws {
    let verdicts = await verdicts(.pickMeUpUsesTheStorysFirstLocation)
    let failing = verdicts.filter { $0.value.status == .fail }
    #expect(Set(failing.keys) == ["ride-request-picks-up-where-tapped"])
    let result = try #require(verdicts["ride-request-picks-up-where-tapped"])
    #expect(
      result.message.contains(
        """
        in pick-me-up, PickMeUpViewModel#2.pickupLocation is Location(latitude: 37.5663, \
        longitude: 126.9779), but the rider tapped \"Pick me up\" at Location(latitude: \
        37.4979, longitude: 127.0276) (SignedInViewModel#1.view)
        """))
    #expect(
      result.message(in: .korean).contains(
        "사용자는 Location(latitude: 37.4979, longitude: 127.0276)에서 \"Pick me up\"을 눌렀다"))
  }

  /// A history in a `static`: the session's requests share it, but the rider who signs in again
  /// is offered the last session's ride. The trace sees no holder, and the cause says where to
  /// look (en, ko).
  @Test func aRideHistoryInAStaticIsRefusedAfterSigningInAgain() async throws {
    let verdicts = await verdicts(.rideHistoryInAStatic)
    let result = try #require(verdicts["new-session-ride-history-starts-empty"])
    #expect(result.status == .fail)
    #expect(verdicts["one-ride-history-per-session"]?.status == .pass)
    #expect(
      result.message.contains(
        """
        with sentRides [wallaroo]: the new rider is offered the last session's rides; likely \
        cause: something that outlives the session keeps it (a `static` or global
        """))
    #expect(
      result.message(in: .korean).contains("짐작되는 원인: 세션보다 오래 사는 무언가가 붙잡고 있다"))
  }

  /// A closure the request's container stores, capturing the container: the cause names the
  /// closure and the fix its capture list, and the container holding itself is no child holding
  /// its parent (en, ko).
  @Test func aRequestContainerThatCapturesItselfIsACycleThroughAClosure() async throws {
    let verdicts = await verdicts(.pickMeUpContainerCapturesItself)
    #expect(verdicts["no-child-keeps-its-parent"]?.status == .pass)
    let stale = try #require(verdicts["pick-me-up-scope-ends"])
    #expect(stale.status == .fail)
    #expect(
      stale.message.contains(
        """
        likely cause: the closure in MistakenPickMeUpContainer#1.makeRideOptionsViewModel \
        captures strongly what stores it, so the request's objects hold each other and \
        nothing releases them when its screen goes; fix: capture it `[unowned self]`
        """))
    #expect(!stale.message.contains("a screen that keeps that container"))
    // Two live view models: the torn line says the earlier one, which no root reaches, is the
    // one that should have gone, not the one the screen shows.
    let torn = try #require(verdicts["no-torn-instances"])
    #expect(
      torn.message.contains(
        "; the earlier PickMeUpViewModel#1 is the one no root reaches, and the one that should "
          + "have gone: held by MistakenPickMeUpContainer#1.sharedPickMeUpViewModel (kept by the "
          + "cycle "))
    #expect(torn.message(in: .korean).contains("사라졌어야 할 쪽은 먼저 있던 PickMeUpViewModel#1이다"))
    #expect(
      stale.message(in: .korean).contains(
        """
        짐작되는 원인: MistakenPickMeUpContainer#1.makeRideOptionsViewModel의 클로저가 자신을 \
        저장한 객체를 강하게 캡처해서
        """))
  }

  /// A `weak var` history, made anew when it is `nil`: each request finds it gone. The cause
  /// names the weak reference, and the fix a strong one (en, ko).
  @Test func aRideHistoryKeptWeaklyIsRefusedNamingTheWeakReference() async throws {
    let verdicts = await verdicts(.rideHistoryKeptWeakly)
    let failing = verdicts.filter { $0.value.status == .fail }
    #expect(Set(failing.keys) == ["one-ride-history-per-session"])
    let result = try #require(verdicts["one-ride-history-per-session"])
    #expect(
      result.message.contains(
        """
        likely cause: MistakenSignedInContainer#1.weakRideHistory refers to the history \
        `weak`ly, and between two requests nothing else keeps it, so it is gone and made \
        anew for each request; fix: keep it in a `let` of the signed-in container
        """))
    #expect(
      result.message(in: .korean).contains(
        "MistakenSignedInContainer#1.weakRideHistory가 기록을 `weak`로 가리키는데"))
  }

  /// One request container for the session, kept by the signed-in container, that makes each
  /// request's objects fresh: the request's view models go with their screens, so the kept
  /// child is named alone, not "what the child made" (en, ko).
  @Test func aKeptChildThatStoresNothingOfItsScopeIsNamedAlone() async throws {
    let verdicts = await verdicts(.signedInContainerKeepsOneFreshRequestContainer)
    let kept = try #require(verdicts["no-container-holds-a-container"])
    #expect(kept.status == .fail)
    #expect(
      kept.message.contains(
        "MistakenSignedInContainer#1.everyRequestsContainer holds FreshPickMeUpContainer#1: a "
          + "parent that keeps its child ends the child's scope late, so the child outlives its "
          + "screens"), "\(kept.message)")
    #expect(!kept.message.contains("what the child made"))
    #expect(kept.message(in: .korean).contains("자식 컨테이너가 자식의 화면보다 오래 산다"))
    #expect(verdicts["one-view-model-per-request"]?.status == .pass)
  }

  /// The first request's container kept and reused: the cause names the one container, not
  /// where the view model is made, and the location as the first request's (en, ko).
  @Test func oneRequestContainerForEveryRequestIsNamedAsTheCause() async throws {
    let verdicts = await verdicts(.oneRequestContainerForEveryRequest)
    let shared = try #require(verdicts["one-view-model-per-request"])
    #expect(
      shared.message.contains(
        "likely cause: one container, MistakenPickMeUpContainer#1, serves both requests and keeps "
          + "it; fix: give each request a container of its own"), "\(shared.message)")
    #expect(!shared.message.contains("make it in the request's own container"))
    #expect(shared.message(in: .korean).contains("컨테이너 하나(MistakenPickMeUpContainer#1)가 두 요청을"))
    #expect(
      verdicts["ride-request-picks-up-where-tapped"]?.message.contains(
        "was made for request 1 and is reused") == true)
    #expect(verdicts["pick-me-up-container"]?.status == .fail)
  }

  /// The request's container kept by something the walk does not see (a global): the cause says
  /// so, and does not tell the learner to make the container in itself (en, ko).
  @Test func aRequestContainerKeptOutOfSightIsNamedAsSuch() async throws {
    let verdicts = await verdicts(.requestContainerKeptByAGlobal)
    let stale = try #require(verdicts["pick-me-up-scope-ends"])
    #expect(stale.status == .fail)
    #expect(
      stale.message.contains(
        "likely cause: something the walk does not see keeps the request's container (a "
          + "`static` or global, or a closure outside these objects); fix: keep no reference to "
          + "it outside the request's screens"), "\(stale.message)")
    #expect(!stale.message.contains("make it in the request's own container"))
    #expect(stale.message(in: .korean).contains("요청의 화면들 밖에서는 그 컨테이너를 가리키지 않는다"))
  }

  @Test(arguments: Mistake.rides)
  func everyRideVerdictReadsInKorean(_ mistake: Mistake) async {
    for result in await verdicts(mistake).values where result.status == .fail {
      let korean = result.message(in: .korean)
      #expect(result.detail != nil, "\(result.id) gave no Korean detail")
      #expect(KoreanText.isKorean(korean))
      #expect(KoreanText.englishSentences(in: korean).isEmpty, "\(result.id): \(korean)")
    }
  }
}
