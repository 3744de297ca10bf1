import Testing

@testable import ObjectTrace
@testable import WorkbookRunner

/// `workbook diff`: what one chapter's objects do differently, in the lessons' terms.
@Suite struct ChapterDiffTests {
  static func step(
    live: [String], edges: [(String, String, String)], holders: [(String, [String])] = [],
    findings: [(Trace.Finding.Kind, String)] = []
  ) -> Trace.Step {
    Trace.Step(
      name: "sign-up", screen: "-", created: [], released: [], live: live, roots: [],
      edges: edges.map { Trace.Edge(from: $0.0, to: $0.2, label: $0.1) },
      findings: findings.map { Trace.Finding(kind: $0.0, object: $0.1, detail: "") },
      holders: holders.map { Trace.Holding(object: $0.0, heldBy: $0.1) })
  }

  @Test func saysWhatMovedWhoHoldsItAndWhichFindingsWent() {
    let three = Trace(
      chapter: 3, title: "Single container",
      steps: [
        Self.step(
          live: ["App#1", "Kept#1"],
          edges: [("App#1", "kept", "Kept#1"), ("Form#1", "factory", "App#1")],
          holders: [("Kept#1", ["App#1"])], findings: [(.stale, "Kept#1")])
      ], objects: [])
    let four = Trace(
      chapter: 4, title: "Container hierarchy",
      steps: [
        Self.step(
          live: ["App#1", "Child#1"], edges: [("Form#1", "factory", "Child#1")],
          holders: [("Kept#1", [])])
      ], objects: [])
    let text = ChapterDiff(before: three, after: four).text
    #expect(text.hasPrefix("chapter 3 (Single container) → chapter 4 (Container hierarchy)\n"))
    #expect(text.contains("  alive only in chapter 3:\n    Kept#1\n"))
    #expect(text.contains("  alive only in chapter 4:\n    Child#1\n"))
    #expect(text.contains("  stored references only in chapter 3:\n    App#1.kept → Kept#1\n"))
    #expect(
      text.contains(
        "  stored references that point elsewhere:\n    Form#1.factory: App#1 → Child#1\n"))
    #expect(text.contains("  held by:\n    Kept#1: App#1 → (only screens)\n"))
    #expect(text.contains("  findings gone:\n    stale Kept#1\n"))
  }

  @Test func aStepThatDoesNotDifferSaysSo() {
    let same = Trace(
      chapter: 4, title: "t", steps: [Self.step(live: ["A#1"], edges: [])], objects: [])
    #expect(
      ChapterDiff(before: same, after: same).text.hasSuffix(
        "── sign-up\n  the same objects, references, holders and findings\n"))
  }
}
