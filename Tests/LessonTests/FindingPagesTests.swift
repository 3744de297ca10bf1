import ChapterTestSupport
import Foundation
import KooberStory
import ObjectTrace
import Testing
import TracePictures

/// Every finding a learner meets points to a page that explains it: the text trace under each
/// step's findings, the timeline and the graph picture at their end, `check` under a failing rule.
@Suite struct FindingPagesTests {
  @Test func everyKindHasItsPageInBothLanguages() {
    for kind in Trace.findingKinds + ["weak"] {
      for name in ["\(kind).md", "\(kind).ko.md"] {
        let page = Chapters.packageRoot.appendingPathComponent("Chapters/findings/\(name)")
        #expect(FileManager.default.fileExists(atPath: page.path), "\(name) is missing")
      }
    }
    #expect(
      ChapterCatalog.findingPages.page(.stale, language: .korean)
        == "Chapters/findings/stale.ko.md")
    // A kind the JSON names that the workbook does not know reads as no kind at all.
    #expect(Trace.Finding.Kind(rawValue: "no-such-kind") == nil)
  }

  @Test(arguments: ChapterCatalog.all.filter(\.keepsObjectsPastTheirScope).map(\.number))
  func eachStepWithFindingsPointsToTheirPages(chapter: Int) throws {
    let json = try ExecutableRun.shared("chapter\(chapter)", ["--format", "json"]).standardOutput
    let trace = try JSONDecoder().decode(Trace.self, from: Data(json.utf8))
    let text = try #require(
      TraceFormat.text.steps(of: trace, findingPages: ChapterCatalog.findingPages)
    ).steps
    for (step, part) in zip(trace.steps, text) where !step.findings.isEmpty {
      var kinds: [Trace.Finding.Kind] = []
      for finding in step.findings where !kinds.contains(finding.kind) {
        kinds.append(finding.kind)
      }
      let pointer = "  → " + kinds.map { "Chapters/findings/\($0).md" }.joined(separator: ", ")
      #expect(part.lines.contains { $0 == pointer }, "\(step.name) does not point to \(kinds)")
    }
    let printed = try ExecutableRun.shared("chapter\(chapter)").standardOutput
    #expect(printed.contains("  → Chapters/findings/stale.md"))
    let timeline = try ExecutableRun.shared("chapter\(chapter)", ["--format", "timeline"])
    #expect(timeline.standardOutput.contains("[stale](../findings/stale.md)"))
  }
}
