import Foundation
import KooberRules
import KooberStory
import ObjectTrace
import Testing
import TracePictures

@testable import WorkbookRunner

/// `check` points from a rule a finding breaks to that finding's reference page.
@Suite struct FindingPageOfRuleTests {
  @Test func everyRulesFindingKindHasAPage() {
    let kinds = Dictionary(
      uniqueKeysWithValues: Rule.shared.compactMap { rule in rule.findingKind.map { (rule.id, $0) }
      })
    #expect(
      kinds == [
        "onboarding-scope-ends": .stale, "signed-in-scope-ends": .stale, "nothing-leaks": .leak,
        "no-torn-instances": .torn, "one-main-view-model": .torn, "one-repository": .torn,
        "no-container-holds-a-container": .captive,
      ])
    for kind in kinds.values {
      #expect(ChapterCatalog.findingPages.page(kind) == "Chapters/findings/\(kind).md")
    }
  }
}
