import ChapterTestSupport
import Foundation
import Testing

/// The JSON form is a contract graders rely on: these tests read it as a grader would, with
/// nothing but JSONSerialization.
@Suite struct TraceJSONContractTests {
  private func json(_ chapter: Int) throws -> [String: Any] {
    let run = try ExecutableRun.shared("chapter\(chapter)", ["--format", "json"])
    #expect(run.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
    return try #require(object as? [String: Any])
  }

  @Test(arguments: Chapters.numbers)
  func hasTheContractsShape(chapter: Int) throws {
    let trace = try json(chapter)
    #expect(trace["chapter"] as? Int == chapter)
    #expect((trace["title"] as? String)?.isEmpty == false)
    let steps = try #require(trace["steps"] as? [[String: Any]])
    #expect(
      steps.compactMap { $0["name"] as? String } == [
        "launch", "sign-up", "sign-out", "sign-in", "quit",
      ])
    for step in steps {
      for key in ["created", "released", "live"] {
        #expect(step[key] is [String], "\(key) is a list of ids")
      }
      let edges = try #require(step["edges"] as? [[String: String]])
      // An edge that holds nothing also says so (`"ownership": "weak"` or `"unowned"`), and
      // one a closure captured says that (`"via": "closure"`): the contract's three keys,
      // extended.
      #expect(
        edges.allSatisfy {
          Set($0.keys).subtracting(["ownership", "via"]) == ["from", "to", "label"]
            && ["weak", "unowned", nil].contains($0["ownership"])
            && ["closure", nil].contains($0["via"])
        })
      let findings = try #require(step["findings"] as? [[String: String]])
      #expect(findings.allSatisfy { Set($0.keys) == ["kind", "object", "detail"] })
      let holders = try #require(step["holders"] as? [[String: Any]])
      let live = try #require(step["live"] as? [String])
      #expect(
        holders.allSatisfy { Set($0.keys) == ["object", "heldBy"] && $0["heldBy"] is [String] })
      #expect(holders.allSatisfy { live.contains($0["object"] as? String ?? "") })
    }
    let objects = try #require(trace["objects"] as? [[String: String]])
    #expect(objects.allSatisfy { Set($0.keys) == ["id", "type", "scope"] })
    #expect(objects.allSatisfy { $0["id"]?.hasPrefix(($0["type"] ?? "") + "#") == true })
  }

  @Test(arguments: Chapters.numbers)
  func everyResponderEdgePointsAtTheOneMainViewModel(chapter: Int) throws {
    let trace = try json(chapter)
    let objects = try #require(trace["objects"] as? [[String: String]])
    #expect(
      objects.filter { $0["type"] == "MainViewModel" }.map { $0["id"] } == ["MainViewModel#1"]
    )
    let steps = try #require(trace["steps"] as? [[String: Any]])
    var responderEdges = 0
    for step in steps {
      let edges = try #require(step["edges"] as? [[String: String]])
      for edge in edges where ["signedInResponder", "notSignedInResponder"].contains(edge["label"])
      {
        #expect(edge["to"] == "MainViewModel#1")
        responderEdges += 1
      }
    }
    #expect(responderEdges > 0)
  }

  @Test(arguments: Chapters.numbers)
  func twoOnboardingViewModelsAndTheFirstScreenReleasedInSignUp(chapter: Int) throws {
    let trace = try json(chapter)
    let objects = try #require(trace["objects"] as? [[String: String]])
    #expect(
      objects.filter { $0["type"] == "OnboardingViewModel" }.map { $0["id"] } == [
        "OnboardingViewModel#1", "OnboardingViewModel#2",
      ])
    let steps = try #require(trace["steps"] as? [[String: Any]])
    let signUp = try #require(steps.first { $0["name"] as? String == "sign-up" })
    let released = try #require(signUp["released"] as? [String])
    #expect(released.contains("OnboardingViewController#1"))
    // Chapter 3's container keeps the first onboarding view model: released only when replaced.
    #expect(released.contains("OnboardingViewModel#1") == (chapter != 3))
  }
}
