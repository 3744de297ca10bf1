import ChapterTestSupport
import Foundation
import KooberStory
import ObjectTrace
import Synchronization
import Testing

@testable import Chapter5ProtocolDI
@testable import KooberCloud
@testable import KooberKit

/// Chapter 5: implementations chosen at the composition root, swapped through protocols.
@Suite struct Chapter5ProtocolDITests {
  // MARK: - Test doubles, injected through the protocols

  /// Records every sign-in and sign-up, then answers as the fake server does.
  final class SpyAuthRemoteAPI: AuthRemoteAPI {
    let signIns = Mutex<[(email: String, password: String)]>([])
    let signUps = Mutex<[NewAccount]>([])
    private let fake = FakeAuthRemoteAPI()

    func signIn(email: String, password: Secret<String>) async throws -> UserSession {
      signIns.withLock { $0.append((email, password.revealed)) }
      return try await fake.signIn(email: email, password: password)
    }

    func signUp(account: NewAccount) async throws -> UserSession {
      signUps.withLock { $0.append(account) }
      return try await fake.signUp(account: account)
    }
  }

  /// A data store whose every call fails.
  @MainActor final class FailingDataStore: UserSessionDataStore {
    func readUserSession() throws -> UserSession? { throw KooberError.dataStore("broken") }
    func save(userSession: UserSession) throws { throw KooberError.dataStore("broken") }
    func delete(userSession: UserSession) throws { throw KooberError.dataStore("broken") }
  }

  // MARK: - Swapping implementations without touching the screens

  @Test @MainActor func aSpyRemoteAPIRecordsTheStorysCalls() async throws {
    let spy = SpyAuthRemoteAPI()
    let trace = try await Story.run(
      .protocolDI(services: KooberServices(makeAuthRemoteAPI: { spy })))
    let signIns = spy.signIns.withLock { $0 }
    #expect(signIns.map(\.email) == ["johnny@gmail.com", "johnny@gmail.com"])
    #expect(
      signIns.map(\.password) == [Story.Credentials.wrongPassword, Story.Credentials.password])
    let signUps = spy.signUps.withLock { $0 }
    #expect(signUps.map(\.fullName) == ["Johnny Appleseed"])
    #expect(signUps.map(\.password.revealed) == [Story.Credentials.password])
    // The spy is a class of the tests, and the trace sees nothing of it but its place.
    #expect(trace.steps.last?.screen == "(the app has quit)")
    #expect(trace.steps[3].screen == "Main › Signed in as johnny")
  }

  @Test @MainActor func aFailingDataStoreSendsLaunchToOnboardingWithAShownError() async throws {
    let services = KooberServices(
      makeAuthRemoteAPI: { FakeAuthRemoteAPI() }, makeUserSessionDataStore: { FailingDataStore() })
    var checked = false
    let trace = try await Story.run(.protocolDI(services: services)) { moment, app in
      guard moment == .endOf(.launch), let main = app?.mainScreen else { return }
      guard case .onboarding = main.viewModel.view else {
        Issue.record("launch should go to onboarding")
        return
      }
      #expect(main.notice == "Saved session: broken")
      checked = true
    }
    #expect(checked)
    #expect(
      trace.steps[0].screen == "Main (Saved session: broken) › Onboarding › Welcome"
    )
  }

  @Test @MainActor func anUnreachableServerShowsTheErrorAndTheStoryGoesOn() async throws {
    let closed = URL(string: "http://127.0.0.1:9/") ?? URL(fileURLWithPath: "/")  // discard port
    let services = KooberServices(makeAuthRemoteAPI: {
      KooberCloudAuthRemoteAPI(server: closed, http: URLSessionHTTPClient(timeout: 2))
    })
    let trace = try await Story.run(.protocolDI(services: services))
    let screens = trace.steps.map(\.screen)
    #expect(screens[0] == "Main › Onboarding › Welcome")
    #expect(
      screens[1].hasPrefix(
        "Main › Onboarding › Sign up (Cannot reach the server: http://127.0.0.1:9"))
    #expect(screens[2] == screens[1])  // nobody signed in: nothing to sign out of
    #expect(screens[3].hasPrefix("Main › Onboarding › Sign in (Cannot reach the server: "))
    #expect(trace.steps.last?.live == [])
  }

  // MARK: - The composition root

  @Test(arguments: [
    (KooberServer.dev, "http://localhost:8080/"),
    (KooberServer.prod, "https://api.koober.example/"),
  ])
  @MainActor func theServerChoiceWiresTheCloudAPIWithItsURL(server: KooberServer, url: String)
    throws
  {
    let app = AppDelegate(services: .forServer(server))
    let repository = try #require(
      app.appContainer.sharedUserSessionRepository as? KooberUserSessionRepository)
    let cloud = try #require(repository.remoteAPI as? KooberCloudAuthRemoteAPI)
    #expect(cloud.server.absoluteString == url)
    #expect(cloud.http is URLSessionHTTPClient)
    let offline = AppDelegate(services: .forServer(.fake))
    let fakeRepository = try #require(
      offline.appContainer.sharedUserSessionRepository as? KooberUserSessionRepository)
    #expect(fakeRepository.remoteAPI is FakeAuthRemoteAPI)
  }

  @Test func aLocalStubServerPlaysTheWholeStoryOverRealHTTP() throws {
    let first = try ExecutableRun("chapter5", ["--server", "local"])
    #expect(first.status == 0)
    #expect(first.standardError.isEmpty)
    #expect(first.standardOutput.contains("└─ remoteAPI: KooberCloudAuthRemoteAPI#1 [app]"))
    #expect(first.standardOutput.contains("· server = http://127.0.0.1:‹port›/"))
    #expect(!first.standardOutput.contains(FakeAuthRemoteAPI.sessionToken))
    let screens = first.standardOutput.split(separator: "\n").filter { $0.hasPrefix("screen ") }
    #expect(
      screens.map { $0.dropFirst(10) } == [
        "Main › Onboarding › Welcome", "Main › Signed in as johnny", "Main › Onboarding › Welcome",
        "Main › Signed in as johnny", "(the app has quit)",
      ])
    // Byte-identical runs, although the stub listens on a new port each time.
    #expect(
      try ExecutableRun("chapter5", ["--server", "local"]).standardOutput == first.standardOutput)
  }

  @Test func chapterFourAgainstTheLocalServerDiffersOnlyInTheWiring() throws {
    let four = try ExecutableRun.shared("chapter4", ["--format", "facts"]).standardOutput
    let five = try ExecutableRun("chapter5", ["--server", "local", "--format", "facts"])
      .standardOutput
    let fourLines = Set(four.split(separator: "\n"))
    let fiveLines = Set(five.split(separator: "\n"))
    let wiring = ["FakeAuthRemoteAPI", "KooberCloudAuthRemoteAPI", "URLSessionHTTPClient"]
    for line in fourLines.symmetricDifference(fiveLines) where !line.hasPrefix("Chapter ") {
      #expect(wiring.contains { line.contains($0) }, "\(line)")
    }
  }

  @Test func theDevTraceShowsTheCloudAPIAndItsURL() throws {
    let run = try ExecutableRun("chapter5", ["--server", "dev"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("└─ remoteAPI: KooberCloudAuthRemoteAPI#1 [app]"))
    #expect(run.standardOutput.contains("· server = http://localhost:8080/"))
    #expect(run.standardOutput.contains("└─ http: URLSessionHTTPClient#1 [app]"))
  }

  @Test func theDefaultTraceDiffersFromChapter4OnlyInItsTitle() throws {
    let four = try ExecutableRun.shared("chapter4").standardOutput.split(separator: "\n")
    let five = try ExecutableRun.shared("chapter5").standardOutput.split(separator: "\n")
    #expect(four.count == five.count)
    let differing = zip(four, five).filter { $0 != $1 }
    #expect(differing.map(\.1) == ["Chapter 5: Protocol DI"])
  }

  // MARK: - A screen alone

  @Test(arguments: KooberPreviews.Screen.allCases)
  @MainActor func aPreviewIsBuiltAloneWithFakesAndLeavesNothing(screen: KooberPreviews.Screen) {
    let trace = KooberPreviews.trace(of: screen)
    #expect(trace == KooberPreviews.trace(of: screen))  // deterministic
    #expect(trace.steps.map(\.name) == ["preview", "close"])
    #expect(trace.steps[0].findings.isEmpty)
    #expect(
      !trace.objects.contains { $0.type.hasPrefix("Koober") && $0.type.hasSuffix("Container") })
    #expect(trace.steps[1].live.isEmpty)
  }

  @Test @MainActor func aPreviewedProfileSignsOutIntoTheFakeResponder() async throws {
    let screen = try #require(KooberPreviews.make(.profile) as? ProfileViewController)
    screen.render()
    let viewModel = try #require(screen.viewModel)
    await viewModel.signOut()
    let responder = try #require(viewModel.notSignedInResponder as? PreviewResponder)
    #expect(responder.calls == ["notSignedIn"])
  }

  @Test func theSingletonBeforeIsOneSharedInstance() {
    #expect(KooberAuthService.shared === KooberAuthService.shared)
  }

  @Test @MainActor func eachChildCopiesFromItsParentAndNeverStoresIt() {
    let parent = KooberAppDependencyContainer(services: .forServer(.fake))
    let session = UserSession(
      profile: UserProfile(name: "A", nickname: "a", email: "a@b.c", mobileNumber: "1"),
      remoteSession: RemoteUserSession(token: Secret("t")))
    let children: [AnyObject] = [
      KooberOnboardingDependencyContainer(appDependencyContainer: parent),
      KooberSignedInDependencyContainer(userSession: session, appDependencyContainer: parent),
    ]
    for child in children {
      let stored = Mirror(reflecting: child).children
      #expect(!stored.contains { $0.value is KooberAppDependencyContainer }, "\(type(of: child))")
      #expect(
        stored.contains { ($0.value as AnyObject) === parent.sharedMainViewModel },
        "\(type(of: child)) copies the main view model")
    }
  }
}
