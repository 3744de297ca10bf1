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

  /// The lines of a chapter's composition code: its module's lines that are neither blank nor
  /// comments.
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
