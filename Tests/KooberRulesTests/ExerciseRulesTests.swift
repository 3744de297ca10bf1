import KooberKit
import KooberRules
import KooberStory
import ObjectTrace
import Synchronization
import Testing

@testable import ExerciseRuntime

/// The rules of exercises 2 and 5, on a right and a wrong answer each.
@Suite @MainActor struct ExerciseRulesTests {
  struct StatelessFactories {}

  struct StatefulFactories {
    let mainViewModel: MainViewModel
  }

  @Test func factoriesWithAStoredPropertyAreRefused() async {
    let recording = await StoryRecording.record(.mistaken(.none))
    #expect(
      Rule.factoriesAreStateless(StatelessFactories(), named: "KooberObjectFactories")
        .result(for: recording).status == .pass)
    let refused = Rule.factoriesAreStateless(
      StatefulFactories(mainViewModel: MainViewModel()), named: "KooberObjectFactories"
    )
    .result(for: recording)
    #expect(refused.status == .fail)
    #expect(refused.message.contains("KooberObjectFactories stores `mainViewModel`"))
  }

  /// Exercise 5's wrong answer: a form that ignores the API it is given and calls a singleton.
  @MainActor final class SingletonMindedForm {
    static let calls = Mutex(0)
    let signedInResponder: any SignedInResponder
    init(authRemoteAPI: any AuthRemoteAPI, signedInResponder: any SignedInResponder) {
      self.signedInResponder = signedInResponder
    }
    func signIn() async { Self.calls.withLock { $0 += 1 } }
  }

  /// Exercise 5's right answer.
  @MainActor final class InjectedForm {
    let authRemoteAPI: any AuthRemoteAPI
    let signedInResponder: any SignedInResponder
    init(authRemoteAPI: any AuthRemoteAPI, signedInResponder: any SignedInResponder) {
      self.authRemoteAPI = authRemoteAPI
      self.signedInResponder = signedInResponder
    }
    func signIn() async {
      let password = Secret(Story.Credentials.password)
      if let session = try? await authRemoteAPI.signIn(
        email: Story.Credentials.email, password: password)
      {
        signedInResponder.signedIn(to: session)
      }
    }
  }

  func verdicts(_ rules: [Rule]) async -> [RuleID: RuleResult.Status] {
    let recording = await StoryRecording.record(.mistaken(.none))
    return Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0.result(for: recording).status) })
  }

  @Test func anInjectedFormPassesExerciseFive() async {
    let rules = await Rule.injection(
      signInAlone: { await InjectedForm(authRemoteAPI: $0, signedInResponder: $1).signIn() },
      compositionRoot: { InjectedForm(authRemoteAPI: $0(), signedInResponder: PreviewSink()) },
      preview: { nil }, singletonCalls: { 0 },
      viewModelSource: "init(authRemoteAPI: any AuthRemoteAPI, signedInResponder: any R) {")
    #expect(await verdicts(rules).values.allSatisfy { $0 == .pass })
  }

  @Test func aDefaultAPIIsTheMigrationsFirstStepNotItsEnd() async {
    func verdict(_ source: String?) async -> RuleResult? {
      let rules = await Rule.injection(
        signInAlone: { await InjectedForm(authRemoteAPI: $0, signedInResponder: $1).signIn() },
        compositionRoot: { InjectedForm(authRemoteAPI: $0(), signedInResponder: PreviewSink()) },
        preview: { nil }, singletonCalls: { 0 }, viewModelSource: source)
      let recording = await StoryRecording.record(.mistaken(.none))
      return rules.first { $0.id == "callers-must-choose" }?.result(for: recording)
    }
    let withDefault = await verdict(
      """
      public init(
        authRemoteAPI: any AuthRemoteAPI = KooberAuthService.shared,
        signedInResponder: any SignedInResponder
      ) {
      """)
    #expect(withDefault?.status == .fail)
    #expect(
      withDefault?.message.contains("`authRemoteAPI: … = KooberAuthService.shared`") == true)
    // A stored property's type, a comment or an argument at a call site is not a default.
    let without = await verdict(
      """
      let authRemoteAPI: any AuthRemoteAPI
      public var email = ""
      // authRemoteAPI: any AuthRemoteAPI = KooberAuthService.shared was the first step
      public init(authRemoteAPI: any AuthRemoteAPI, signedInResponder: any SignedInResponder) {
      QuickSignInViewModel(authRemoteAPI: services.makeAuthRemoteAPI(), signedInResponder: r)
      """)
    #expect(without?.status == .pass)
    #expect(await verdict(nil)?.status == .fail)
  }

  @Test func aFormThatCallsTheSingletonIsRefused() async {
    let rules = await Rule.injection(
      signInAlone: { await SingletonMindedForm(authRemoteAPI: $0, signedInResponder: $1).signIn() },
      compositionRoot: {
        SingletonMindedForm(authRemoteAPI: $0(), signedInResponder: PreviewSink())
      },
      preview: { "Cannot reach the server" },
      singletonCalls: { SingletonMindedForm.calls.withLock { $0 } },
      viewModelSource: "init(authRemoteAPI: any AuthRemoteAPI, signedInResponder: any R) {")
    let recording = await StoryRecording.record(.mistaken(.none))
    let messages = Dictionary(
      uniqueKeysWithValues: rules.map { ($0.id, $0.result(for: recording).message) })
    #expect(
      messages["preview-uses-the-injected-api"]?.contains("sent the spy 0 sign-ins") == true)
    #expect(
      messages["composition-root-chooses"]?.contains(
        "the SingletonMindedForm it made does not store the AuthRemoteAPI") == true)
    #expect(messages["preview-works-alone"]?.contains("Cannot reach the server") == true)
    #expect(messages["no-singleton-call"]?.contains("was called 1 times") == true)
  }

  @MainActor final class PreviewSink: SignedInResponder {
    func signedIn(to userSession: UserSession) {}
  }
}
