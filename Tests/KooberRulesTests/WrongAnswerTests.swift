import ChapterTestSupport
import CommandLineKit
import Foundation
import KooberKit
import KooberStory
import ObjectTrace
import Testing
import TracePictures

@testable import ExerciseRuntime
@testable import KooberRules
@testable import WorkbookRunner

/// Each exercise's realistic wrong answer is refused, with a message that names the learner's
/// object, the step and the holder — and the right answer passes every rule.
///
/// Serialized: after each story, the leaking mistake's cycle is broken, and that must not reach
/// into another test's story still playing.
@Suite(.serialized) @MainActor struct WrongAnswerTests {
  /// The failing rules' messages for a composition with `mistake`, by rule id.
  func failures(_ mistake: Mistake) async -> [RuleID: String] {
    let recording = await StoryRecording.record(.mistaken(mistake))
    MistakenAppContainer.breakCycles()
    var failures: [RuleID: String] = [:]
    for rule in Rule.shared {
      let result = rule.result(for: recording)
      if result.status == .fail { failures[result.id] = result.message }
    }
    return failures
  }

  /// Every rule a wrong answer breaks says why in Korean too.
  /// (The two that end the process, a crash and a todo, are checked in their own processes.)
  @Test(
    arguments: Mistake.allCases.filter {
      ![.crashesInSignUp, .todoInSignUp].contains($0) && !Mistake.rides.contains($0)
    })
  func everyWrongAnswersVerdictReadsInKorean(_ mistake: Mistake) async {
    let recording = await StoryRecording.record(.mistaken(mistake))
    MistakenAppContainer.breakCycles()
    for result in Rule.shared.map({ $0.result(for: recording) }) where result.status == .fail {
      let korean = result.message(in: .korean)
      #expect(result.detail != nil, "\(result.id) gave no Korean detail")
      #expect(KoreanText.isKorean(korean))
      #expect(KoreanText.englishSentences(in: korean).isEmpty, "\(result.id): \(korean)")
      #expect(result.message(in: .english) == result.message)
    }
  }

  @Test func theRightAnswerKeepsEveryRule() async {
    #expect(await failures(.none) == [:])
  }

  @Test func aSignedInContainerThatKeepsItsParentIsRefusedAsADesignRule() async {
    let failures = await failures(.signedInContainerKeepsItsParent)
    // Nothing stale, nothing captive: only the design rule says no.
    #expect(Set(failures.keys) == ["no-child-keeps-its-parent"])
    let message = failures["no-child-keeps-its-parent"] ?? ""
    #expect(
      message.contains(
        """
        in sign-up, MistakenSignedInContainer#1.appContainer holds MistakenAppContainer#1: no \
        cycle and nothing stale
        """))
    #expect(message.contains("a design rule"))
  }

  @Test func aProfileReportingToANewMainViewModelIsRefused() async {
    let failures = await failures(.profileRespondsToANewMainViewModel)
    #expect(
      failures["one-main-view-model"]?.contains(
        """
        in sign-out, ProfileViewModel#1.notSignedInResponder is MainViewModel#2, but the main \
        screen shows MainViewModel#1
        """) == true)
    #expect(
      failures["story-completes"]?.contains(
        "it stopped in step sign-out: after sign-out the WelcomeViewController should be shown")
        == true)
  }

  @Test func aResponderTheTraceCannotFollowIsStillNamed() async {
    let failures = await failures(.signInRespondsToAStandIn)
    #expect(
      failures["one-main-view-model"]?.contains(
        """
        in sign-in, SignInViewModel#1.signedInResponder is StandInResponder#1, but the main \
        screen shows MainViewModel#1
        """) == true)
  }

  @Test func aWelcomeWithItsOwnNavigatorIsRefused() async {
    let failures = await failures(.welcomeGetsItsOwnNavigator)
    #expect(
      failures["onboarding-navigators"]?.contains(
        """
        in launch, WelcomeViewModel#1.goToSignUpNavigator is OnboardingViewModel#2, but its \
        onboarding OnboardingViewController#1 shows OnboardingViewModel#1
        """) == true)
  }

  @Test func anAppContainerKeepingTheSessionsContainerIsRefused() async {
    let failures = await failures(.appContainerKeepsSignedInContainer)
    let stillAlive: String =
      """
      MistakenSignedInContainer#1 is still alive after sign-out, held by \
      MistakenAppContainer#1.signedInContainer (kept by \
      app.appContainer.signedInContainer) (and with it UserSession#1, SignedInViewModel#1)
      """
    #expect(failures["signed-in-scope-ends"]?.contains(stillAlive) == true)
    #expect(failures["onboarding-scope-ends"] == nil)
    // The parent keeping its child is the bug the container rule names, not the design rule.
    #expect(failures["no-child-keeps-its-parent"] == nil)
    #expect(
      failures["no-container-holds-a-container"]?.contains(
        """
        in sign-up, MistakenAppContainer#1.signedInContainer holds MistakenSignedInContainer#1: \
        a parent that keeps its child ends the child's scope late
        """) == true)
    #expect(failures["no-container-holds-a-container"]?.contains("a bug") == true)
    // The signed-in child made the session: what outlives its screens is named so.
    #expect(
      failures["no-container-holds-a-container"]?.contains(
        "so what the child made (a session, its token) outlives its screens") == true)
  }

  @Test func anOnboardingWithItsOwnMainViewModelIsRefused() async {
    let failures = await failures(.onboardingMakesItsOwnMainViewModel)
    #expect(
      failures["one-main-view-model"]?.contains(
        """
        in sign-up, SignUpViewModel#1.signedInResponder is MainViewModel#2, but the main screen \
        shows MainViewModel#1
        """) == true)
    #expect(
      failures["no-torn-instances"]?.contains(
        "after launch, MainViewModel#2 is a second live MainViewModel") == true)
    // The story stopped in sign-up, so the scope rules say they could not check, not "stale".
    #expect(
      failures["onboarding-scope-ends"]?.hasSuffix("not checked: the story stopped in sign-up")
        == true)
  }

  /// Each failure says its own cause, which `workbook check` orders the ✗ lines by: the rule that
  /// names the second view model on the objects, the story that stopped, the rules it left
  /// unchecked; and the kind of finding whose page explains it.
  @Test func aFailureCarriesItsCauseAndItsFindingsKind() async {
    let recording = await StoryRecording.record(.mistaken(.onboardingMakesItsOwnMainViewModel))
    MistakenAppContainer.breakCycles()
    let results = Dictionary(
      uniqueKeysWithValues: Rule.shared.map { ($0.id, $0.result(for: recording)) })
    #expect(results["one-main-view-model"]?.cause == .onTheObjects)
    #expect(results["story-completes"]?.cause == .storyStopped)
    #expect(results["onboarding-scope-ends"]?.cause == .notChecked)
    #expect(results["onboarding-scope-ends"]?.findingKind == .stale)
    #expect(results["nothing-leaks"]?.cause == .notChecked)
    #expect(results["no-torn-instances"]?.findingKind == .torn)
    #expect(results.values.filter { $0.status == .pass }.allSatisfy { $0.cause == nil })
  }

  /// A signed-in container kept by a `static` the trace was not told about: the scope rule can
  /// say only that no chain from a root keeps it, and says so as its cause, which puts it after
  /// the leak at quit, whose message names the objects.
  @Test func aFailureThatNamesNoChainSaysSo() async {
    let recording = await StoryRecording.record(.mistaken(.signedInContainerKeptByAStatic))
    MistakenAppContainer.breakCycles()
    let scopeEnds = Rule.signedInScopeEnds.result(for: recording)
    #expect(scopeEnds.status == .fail)
    #expect(scopeEnds.cause == .noChain)
    #expect(scopeEnds.message.contains(Trace.noRetentionChain))
  }

  /// A torn instance is named beside the one it tears from: the other live object of its type.
  @Test func aTornViewModelNamesTheOneItTearsFrom() async {
    let recording = await StoryRecording.record(.mistaken(.onboardingMakesItsOwnMainViewModel))
    MistakenAppContainer.breakCycles()
    let torn = Rule.noTornInstances.result(for: recording)
    #expect(torn.status == .fail)
    #expect(torn.message(in: .korean).contains("MainViewModel#2(먼저 있던 MainViewModel#1도 살아 있다)"))
  }

  /// An object no stored property holds and no stored closure can explain is not blamed on a
  /// closure: a `static` the trace was not told about keeps it.
  @Test func aContainerKeptByAStaticIsNotBlamedOnAClosure() async {
    let failures = await failures(.appContainerKeptByAStatic)
    let message = failures["nothing-leaks"] ?? ""
    #expect(
      message.contains(
        """
        MistakenAppContainer#1 (held by no stored property or closure the walk read: a `static` \
        or global variable not declared to the trace, or a closure outside these objects)
        """))
    #expect(!message.contains("by a closure)"))
    #expect(!message.contains("retain cycle"))
  }

  @Test func aContainerKeepingTheMainScreenLeaksEverythingAfterQuit() async throws {
    let failures = await failures(.appContainerKeepsMainScreen)
    #expect(Set(failures.keys) == ["nothing-leaks"])
    let message = failures["nothing-leaks"] ?? ""
    // Every object alive after quit is named (the first four) or counted ("and N more").
    let alive = try #require(message.firstMatch(of: /(\d+) objects are alive after quit/))
    let count = try #require(Int(alive.1))
    let named = message.matches(of: /\w+#\d+ \(held by/).count
    let more = message.firstMatch(of: /\ and (\d+) more/).flatMap { Int($0.1) } ?? 0
    #expect(count > 4)
    #expect(named == 4)
    #expect(named + more == count)
    // The closures' captures are read: the container is held by them, and the cycle is named.
    #expect(
      message.contains(
        """
        MistakenAppContainer#1 (held by the closure in \
        MainViewController#1.onboardingViewControllerFactory, the closure in \
        MainViewController#1.signedInViewControllerFactory)
        """))
    #expect(
      message.contains(
        """
        the retain cycle that keeps them: MistakenAppContainer#1.mainViewController → \
        MainViewController#1.onboardingViewControllerFactory (a closure) → \
        MistakenAppContainer#1
        """))
    let recording = await StoryRecording.record(.mistaken(.appContainerKeepsMainScreen))
    MistakenAppContainer.breakCycles()
    let korean = Rule.nothingLeaks.result(for: recording).message(in: .korean)
    #expect(korean.contains("MainViewController#1.onboardingViewControllerFactory의 클로저"))
    #expect(korean.contains("(클로저) → MistakenAppContainer#1"))
  }

  @Test func aStoryThatStopsKeepsTheTraceOfTheStepsItPlayed() async {
    let recording = await StoryRecording.record(.mistaken(.onboardingMakesItsOwnMainViewModel))
    MistakenAppContainer.breakCycles()
    #expect(recording.failure?.step == .signUp)
    #expect(recording.trace.steps.map(\.name) == ["launch", "sign-up"])
    #expect(recording.trace.steps[0].findings.map(\.kind) == [.torn])
  }

  // MARK: - What the trace sees of the learner's own objects

  @Test func anUntracedContainerThatKeepsItsParentIsRefusedLikeATracedOne() async {
    let recording = await StoryRecording.record(.mistaken(.untracedSignedInContainerKeepsItsParent))
    let failures = Dictionary(
      Rule.shared.map { ($0.id, $0.result(for: recording)) }.filter { $0.1.status == .fail }
        .map { ($0.0, $0.1.message) }, uniquingKeysWith: { first, _ in first })
    #expect(Set(failures.keys) == ["no-child-keeps-its-parent"])
    #expect(
      failures["no-child-keeps-its-parent"]?.contains(
        "in sign-up, UntracedSignedInContainer#1.appContainer holds MistakenAppContainer#1") == true
    )
    // The trace names it, says it is untraced, and names the declaration that would trace it.
    let signUp = recording.step(.signUp)
    #expect(signUp?.live.contains("UntracedSignedInContainer#1") == true)
    let finding = signUp?.findings.first { $0.kind == .untraced }
    #expect(finding?.object == "UntracedSignedInContainer#1")
    #expect(
      finding?.detail.contains(
        """
        add `let lifetime = Lifetime(of: UntracedSignedInContainer.self, scope: .signedIn, \
        role: .container)`
        """) == true)
    let report = await ExerciseCheck.check(
      Exercise.numbered(4)!, chapter: .mistaken(.untracedSignedInContainerKeepsItsParent))
    #expect(
      report.notes?.first?.en.hasPrefix("UntracedSignedInContainer (first seen as ") == true)
    // Released with its screens at sign-out, as the walk sees at the end of that step.
    #expect(
      recording.step(.signOut)?.released.contains("UntracedSignedInContainer#1") == true)
  }

  @Test func aWeakReferenceToTheSessionsContainerHoldsNothing() async throws {
    let recording = await StoryRecording.record(
      .mistaken(.appContainerKeepsSignedInContainerWeakly))
    let failing = Rule.shared.filter { $0.result(for: recording).status == .fail }.map(\.id)
    #expect(failing == [])
    let signUp = try #require(recording.step(.signUp))
    let edge = try #require(signUp.edges.first { $0.label == "weakSignedInContainer" })
    #expect(edge.from == "MistakenAppContainer#1" && edge.to == "MistakenSignedInContainer#1")
    #expect(edge.ownership == .weak)
    // Not a holder: the app container's `held by` line does not list the signed-in container.
    let held = signUp.holders.first { $0.object == "MistakenSignedInContainer#1" }?.heldBy ?? []
    #expect(!held.contains("MistakenAppContainer#1"))
    #expect(
      recording.step(.signOut)?.released.contains("MistakenSignedInContainer#1") == true)
  }

  @Test func keepingTheFirstSessionAfterTheSecondSignInIsRefused() async {
    let failures = await failures(.appContainerKeepsTheFirstSession)
    #expect(
      failures["one-current-session"]
        == """
        while signed in, every stored session is the one the user signed in with — in \
        sign-in, MistakenAppContainer#1.firstSession is UserSession#1, but MainViewModel#1 is \
        signed in to UserSession#2: a screen made from it would show the earlier user
        """)
  }

  /// The channel file an exit test's child writes to: named by the test process's id, which
  /// the child knows as its parent's.
  nonisolated static func channelOfChild(parent: pid_t) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("workbook-crash-\(parent).jsonl")
  }

  @Test func aCrashShowsTheRuntimesLineAndTheStepItHappenedIn() async throws {
    let channel = Self.channelOfChild(parent: getpid())
    defer { try? FileManager.default.removeItem(at: channel) }
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let channel = WrongAnswerTests.channelOfChild(parent: getppid())
        try? Data().write(to: channel)
        setenv(ReportChannel.variable, channel.path, 1)
        ReportChannel.open()
        CrashNotice.install()
        _ = await ExerciseCheck.check(Exercise.numbered(4)!, chapter: .mistaken(.crashesInSignUp))
      })
    let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(errors.contains("Fatal error: \(mistakeCrashMessage)"))
    #expect(errors.contains("the story crashed in step sign-up"))
    #expect(!errors.contains("Backtrac"))
    // The checker's reading of that run: the step, the runtime's line, the steps that finished.
    let events = try String(contentsOf: channel, encoding: .utf8)
    #expect(events.hasSuffix(ExerciseEvent.crashed(step: .signUp).line))
    let verdict = ExerciseBuild.verdict(
      of: ExerciseRun(
        status: 132, channel: events, errors: errors, exercise: Exercise.numbered(4)!))
    #expect(verdict.unfinishedStep == .signUp)
    #expect(verdict.finishedSteps == [.launch])
    #expect(
      verdict.problem?.hasPrefix("the composition crashed in step sign-up: ") == true
        && verdict.problem?.hasSuffix("Fatal error: \(mistakeCrashMessage)") == true)
  }

  @Test func aTodoInSignUpLeavesTheLaunchStepPrinted() async throws {
    let result = try #require(
      await #expect(
        processExitsWith: .exitCode(todoExitStatus), observing: [\.standardOutputContent]
      ) {
        _ = await ExerciseCheck.printTrace(of: .mistaken(.todoInSignUp))
      })
    let output = String(decoding: result.standardOutputContent, as: UTF8.self)
    #expect(output.contains("── step 1: launch "))
    #expect(output.contains("screen    Main › Onboarding › Welcome"))
    #expect(!output.contains("── step 2: sign-up "))
  }

  @Test func aTodoInSignUpStillGivesAnExplorerPageOfTheLaunchStep() async throws {
    let result = try #require(
      await #expect(
        processExitsWith: .exitCode(todoExitStatus), observing: [\.standardOutputContent]
      ) {
        _ = await ExerciseCheck.printTrace(of: .mistaken(.todoInSignUp), as: .html, in: .english)
      })
    let page = String(decoding: result.standardOutputContent, as: UTF8.self)
    #expect(page.hasPrefix("<!doctype html>") && page.hasSuffix("</html>\n"))
    #expect(page.components(separatedBy: "<div class=\"step-drawing\"").count == 2)
    #expect(page.contains("data-goto=\"0\" aria-pressed=\"true\">1 launch</button>"))
    #expect(!page.contains(">2 sign-up</button>"))
  }

  /// A crash in sign-up, like a `todo`, still prints the explorer page of the launch step.
  @Test func aCrashInSignUpStillGivesAnExplorerPageOfTheLaunchStep() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardOutputContent]) {
        CrashNotice.install()
        _ = await ExerciseCheck.printTrace(of: .mistaken(.crashesInSignUp), as: .html, in: .korean)
      })
    let page = String(decoding: result.standardOutputContent, as: UTF8.self)
    #expect(page.hasPrefix("<!doctype html>") && page.hasSuffix("</html>\n"))
    #expect(page.components(separatedBy: "<div class=\"step-drawing\"").count == 2)
    #expect(page.contains(">1 launch</button>"))
    #expect(!page.contains(">2 sign-up</button>"))
  }

  @Test func theTracePrintedStepByStepIsTheWholeTrace() async throws {
    let result = try #require(
      await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
        let played = await ExerciseCheck.printTrace(of: .mistaken(.none))
        exitProcess(played ? 0 : 1)
      })
    let whole = await Story.play(.mistaken(.none)).trace
    #expect(
      String(decoding: result.standardOutputContent, as: UTF8.self)
        == TraceFormat.text.render(whole))
  }
}
