import Bilingual
import CommandLineKit
import Foundation
import KooberRules
import KooberStory
import ObjectTrace

/// `workbook cost`: each chapter's composition measured side by side, times as ratios to
/// chapter 4's.
struct CostCommand: RunnerSubcommand {
  let output: RunnerOutput

  func run() -> Int32 {
    var rows: [(cost: ChapterCost, lines: Int)] = []
    for entry in ChapterCatalog.all {
      do {
        guard try buildChapter(entry) else { return 1 }
        var samples: [ChapterCost] = []
        for _ in 0..<Self.samples {
          guard let cost = try runChapter(entry, ["--cost"], as: ChapterCost.self, limit: 120)
          else { return 1 }
          samples.append(cost)
        }
        rows.append((Self.median(of: samples), try compositionLines(of: entry)))
      } catch {
        complain(error: error)
        return 1
      }
    }
    say(CostTable(rows: rows, samples: Self.samples, texts: texts).text, trailingNewline: false)
    return finish(0)
  }

  /// How many times `cost` runs each chapter's `--cost`.
  static let samples = 9

  /// The sample whose story took the median time, with the median launch time of all.
  static func median(of samples: [ChapterCost]) -> ChapterCost {
    let byStory = samples.sorted { $0.storyNanoseconds < $1.storyNanoseconds }
    let middle = byStory[byStory.count / 2]
    let launches = samples.map(\.launchNanoseconds).sorted()
    return ChapterCost(
      chapter: middle.chapter, objects: middle.objects, resolves: middle.resolves,
      runs: middle.runs * samples.count, launchNanoseconds: launches[launches.count / 2],
      storyNanoseconds: middle.storyNanoseconds)
  }

  /// The lines of a chapter's composition code: the lines of its module's top-level files that
  /// are neither blank nor comments. A subfolder is not the composition (chapter 7's `UnderTest/`
  /// is exercise 16's code under test).
  func compositionLines(of entry: ChapterCatalog.Entry) throws(WorkbookError) -> Int {
    let folder = "Sources/\(entry.module)"
    return try workspace.files(in: folder).values.reduce(0) { total, text in
      total
        + text.split(separator: "\n").filter { line in
          let code = line.drop { $0 == " " }
          return !code.isEmpty && !code.hasPrefix("//")
        }.count
    }
  }
}

// MARK: - The command line

extension CostCommand: RunnerCommand {
  static let name = "cost"
  static let summary = Localized(
    en: """
        cost                    what each chapter's composition costs, side by side (the
                                one output with times)
      """,
    ko: """
        cost                    장마다 조립 코드의 비용을 나란히 보여 줌(시간을 출력하는
                                유일한 명령)
      """)
  static let usage = Localized(
    en: "usage: workbook cost [--lang en|ko]\n\nBuilds every chapter and runs each "
      + "`chapterN --cost` \(CostCommand.samples) times: objects made and resolves\n"
      + "over one story, lines of composition code, and the times to build the launch graph and "
      + "to\nplay the story, as medians and as ratios to chapter 4's.\n",
    ko: "사용법: workbook cost [--lang en|ko]\n\n모든 장을 빌드하고 `chapterN --cost`를 "
      + "\(CostCommand.samples)번씩 실행합니다. 스토리 한 번에서 만든 객체와 resolve 횟수,\n"
      + "조립 코드 줄 수, 런치 그래프를 만드는 시간과 스토리를 재생하는 시간을 중앙값과 4장 대비\n"
      + "비율로 보여 줍니다.\n")

  static func request(_ parsed: ParsedOptions, texts: RunnerTexts) -> Result<
    any RunnerRequest, RunnerCommandLine.Problem
  > {
    .success(Request())
  }

  /// `workbook cost`.
  struct Request: RunnerRequest, Equatable {
    func subcommand(output: RunnerOutput) -> any RunnerSubcommand { CostCommand(output: output) }
  }
}
