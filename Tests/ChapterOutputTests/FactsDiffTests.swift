import ChapterTestSupport
import Foundation
import Testing

/// `--format facts` is the view the trace lesson's chapter diffs use: one fact per line, each
/// naming its step, nothing wrapped or indented — so a diff shows only lines that carry a
/// difference.
@Suite struct FactsDiffTests {
  static let steps = ["launch", "sign-up", "sign-out", "sign-in", "quit"]
  static let kinds = [
    "screen", "created", "released", "live", "root", "edge", "factory", "field", "held", "finding",
  ]

  @Test(arguments: Chapters.numbers)
  func everyLineIsOneFactOfOneStep(chapter: Int) throws {
    let run = try ExecutableRun.shared("chapter\(chapter)", ["--format", "facts"])
    #expect(run.status == 0)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("Chapter \(chapter): ") == true)
    for line in lines.dropFirst() {
      let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
      #expect(words.count == 3, "\(line)")
      #expect(Self.steps.contains(String(words.first ?? "")), "\(line)")
      #expect(Self.kinds.contains(String(words.dropFirst().first ?? "")), "\(line)")
    }
    // Within a step, facts of one kind are sorted: the same facts line up across chapters.
    for step in Self.steps {
      for kind in ["created", "released", "live", "edge", "held"] {
        let facts = lines.filter {
          $0.hasPrefix(step + " ") && $0.dropFirst(9).hasPrefix(kind + " ")
        }
        #expect(facts == facts.sorted(), "\(step) \(kind)")
      }
    }
  }

  @Test func chapterFourAndFiveDifferOnlyInTheirTitle() throws {
    let four = try ExecutableRun.shared("chapter4", ["--format", "facts"]).standardOutput
    let five = try ExecutableRun.shared("chapter5", ["--format", "facts"]).standardOutput
    let differing = zip(four.split(separator: "\n"), five.split(separator: "\n")).filter {
      $0 != $1
    }
    #expect(differing.count == 1)
    #expect(four.split(separator: "\n").count == five.split(separator: "\n").count)
  }

  @Test func theTimelineShowsEachLifetimeAndWhereItWentWrong() throws {
    let three = try ExecutableRun.shared("chapter3", ["--format", "timeline"]).standardOutput
    #expect(
      three.contains(
        "| OnboardingViewModel#1 | onboarding | created | alive · stale | released |  |  |"))
    #expect(
      three.contains("| SignUpViewModel#1 | onboarding |  | created, released |  |  |  |"))
    let four = try ExecutableRun.shared("chapter4", ["--format", "timeline"]).standardOutput
    #expect(!four.contains(" · "))  // no findings anywhere
    #expect(
      four.contains(
        "| KooberSignedInDependencyContainer#1 | signed-in |  | created | released |  |  |"))
  }

  @Test func aChapterThreeFindingIsOneLineNamingItsStep() throws {
    let facts = try ExecutableRun.shared("chapter3", ["--format", "facts"]).standardOutput
    #expect(
      facts.contains(
        """
        sign-up  finding  stale OnboardingViewModel#1: alive after its onboarding scope ended; \
        held by KooberAppDependencyContainer#1.sharedOnboardingViewModel
        """))
    #expect(
      facts.contains(
        "sign-up  held     OnboardingViewModel#1 by KooberAppDependencyContainer#1"))
  }
}
