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
}
