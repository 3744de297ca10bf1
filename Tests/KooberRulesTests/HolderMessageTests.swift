import KooberStory
import Testing
import TracePictures

@testable import ExerciseRuntime
@testable import KooberRules
@testable import ObjectTrace

/// Who holds an object, as a rule's message names it: stored strong references only.
@Suite @MainActor struct HolderMessageTests {
  /// A `weak` reference keeps nothing alive, so a message never names it as a holder.
  @Test func aWeakReferenceIsNeverNamedAsAHolder() {
    let step = Trace.Step(
      name: StoryStep.signOut.name, screen: "", created: [], released: [],
      live: ["AppContainer#1", "Cache#1", "UserSession#1"], roots: [],
      edges: [
        Trace.Edge(from: "AppContainer#1", to: "UserSession#1", label: "session"),
        Trace.Edge(from: "Cache#1", to: "UserSession#1", label: "lastSession", ownership: .weak),
      ],
      findings: [])
    let trace = Trace(
      chapter: 4, title: "", steps: [step],
      objects: [
        Trace.Object(id: "AppContainer#1", type: "AppContainer", scope: "app"),
        Trace.Object(id: "Cache#1", type: "Cache", scope: "app"),
        Trace.Object(id: "UserSession#1", type: "UserSession", scope: "signed-in"),
      ])
    let recording = StoryRecording(
      trace: trace, failure: nil, snapshots: [],
      leaks: LeakReport(candidates: [], trace: trace, registry: nil))
    let result = Rule.signedInScopeEnds.result(for: recording)
    #expect(result.status == .fail)
    #expect(result.message.contains("held by AppContainer#1.session"))
    #expect(!result.message.contains("Cache#1"))
    #expect(!result.message(in: .korean).contains("Cache#1"))
  }

  /// A second ride history is refused under a statement that says a scope holds one of more
  /// than its view models (the Korean trial of exercise 12 read "view models" and found a
  /// `RideHistory` named).
  @Test func aSecondRideHistoryIsTornUnderAStatementThatCoversIt() throws {
    let step = Trace.Step(
      name: StoryStep.pickMeUp.name, screen: "", created: [], released: [],
      live: ["RideHistory#1", "RideHistory#2"], roots: [], edges: [],
      findings: [
        Trace.Finding(kind: .torn, object: "RideHistory#2", detail: "a second RideHistory")
      ])
    let trace = Trace(
      chapter: 4, title: "", steps: [step],
      objects: ["RideHistory#1", "RideHistory#2"].map {
        Trace.Object(id: $0, type: "RideHistory", scope: "signed-in")
      })
    let recording = StoryRecording(
      trace: trace, failure: nil, snapshots: [],
      leaks: LeakReport(candidates: [], trace: trace, registry: nil))
    let result = Rule.noTornInstances.result(for: recording)
    #expect(result.status == .fail)
    #expect(result.message.contains("RideHistory#2"))
    #expect(
      result.message.hasPrefix(
        "each scope holds one of each of its view models and other one-per-scope objects"))
    #expect(result.message(in: .korean).hasPrefix("각 스코프에는 자기 뷰 모델과 스코프마다 하나인 다른 객체가"))
  }
}
