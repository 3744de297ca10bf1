import ChapterTestSupport
import Foundation
import Testing

@testable import KooberStory
@testable import WorkbookRunner

/// `workbook cost` and `chapterN --cost`: what each composition costs, side by side.
@Suite struct CostCommandTests {
  static func cost(_ chapter: Int, resolves: Int? = nil, launch: Int, story: Int) -> ChapterCost {
    ChapterCost(
      chapter: chapter, objects: 37, resolves: resolves, runs: 101, launchNanoseconds: launch,
      storyNanoseconds: story)
  }

  @Test func theTableGivesEachTimeAsARatioToChapterFours() {
    let table = CostTable(
      rows: [
        // Chapter 1 comes first, as in the catalog: the ratios are still chapter 4's.
        (Self.cost(1, launch: 750, story: 8_040_000), 86),
        (Self.cost(4, launch: 1_500, story: 6_700_000), 167),
        (Self.cost(6, resolves: 51, launch: 24_000, story: 9_715_000), 315),
      ], samples: 9, texts: .english
    ).text
    let lines = table.split(separator: "\n")
    #expect(lines.last?.hasPrefix("chapter6         37        51     315") == true)
    #expect(lines.last?.contains("24.0 µs  (16.00×)") == true)
    #expect(lines.last?.contains("9.7 ms  (1.45×)") == true)
    #expect(
      lines.contains { $0.hasPrefix("chapter4") && $0.contains("—") && $0.contains("(1.00×)") })
    #expect(table.contains("medians of 9 runs"))
    #expect(lines.contains { $0.hasPrefix("chapter1") && $0.contains("0.8 µs  (0.50×)") })
  }

  @Test func aSampleOfMedianStoryIsKeptWithTheMedianLaunch() {
    let samples = [
      Self.cost(6, launch: 30, story: 9), Self.cost(6, launch: 10, story: 1),
      Self.cost(6, launch: 20, story: 5),
    ]
    let median = CostCommand.median(of: samples)
    #expect(median.storyNanoseconds == 5)
    #expect(median.launchNanoseconds == 20)
    #expect(median.runs == 303)
  }

  /// Chapter 6 counts its container's resolves; the others make objects by direct calls.
  @Test(
    arguments: ChapterCatalog.all.filter { $0.isCostBaseline || $0.resolvesAtRunTime }.map(\.number)
  )
  func aChapterMeasuresItsOwnComposition(chapter: Int) throws {
    let run = try ExecutableRun("chapter\(chapter)", ["--cost"])
    #expect(run.status == 0)
    let cost = try JSONDecoder().decode(ChapterCost.self, from: Data(run.standardOutput.utf8))
    #expect(cost.chapter == chapter)
    #expect(cost.objects == 37)
    #expect((cost.resolves ?? 0 > 0) == (ChapterCatalog.entry(chapter)?.resolvesAtRunTime == true))
    #expect(cost.launchNanoseconds > 0 && cost.storyNanoseconds > cost.launchNanoseconds)
  }

  /// A measured time is counted in whole nanoseconds: the seconds, and the fraction of a second
  /// (which a Duration keeps in attoseconds).
  @Test func aTimeIsCountedInNanoseconds() {
    #expect(ChapterCost.nanoseconds(.nanoseconds(25_400)) == 25_400)
    #expect(ChapterCost.nanoseconds(.seconds(2) + .milliseconds(3)) == 2_003_000_000)
  }

  /// A median, not a mean or the first run: one slow run (a busy machine) moves neither time,
  /// and the sample kept is the one whose story took the median time.
  @Test func oneSlowRunMovesNeitherMedian() {
    let samples = [
      Self.cost(6, resolves: 1, launch: 1_000, story: 7),
      Self.cost(6, resolves: 2, launch: 10, story: 3),
      Self.cost(6, resolves: 3, launch: 40, story: 900),
      Self.cost(6, resolves: 4, launch: 30, story: 5),
      Self.cost(6, resolves: 5, launch: 20, story: 4),
    ]
    let median = CostCommand.median(of: samples)
    #expect(median.launchNanoseconds == 30)
    #expect(median.storyNanoseconds == 5)
    #expect(median.resolves == 4)
  }

  /// The two medians come from different runs: the launch time is the median of every run's
  /// launch, not the launch of the run kept for its median story, which may be the slow one.
  @Test func theMedianLaunchIsOfEveryRunNotOfTheRunKept() {
    let samples = [
      Self.cost(6, launch: 10, story: 1), Self.cost(6, launch: 900, story: 5),
      Self.cost(6, launch: 30, story: 9),
    ]
    let median = CostCommand.median(of: samples)
    #expect(median.storyNanoseconds == 5)
    #expect(median.launchNanoseconds == 30)
  }
}
