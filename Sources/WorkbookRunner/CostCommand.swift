import Foundation
import KooberStory

// MARK: - cost

extension WorkbookCommand {
  /// How many times `cost` runs each chapter's `--cost`.
  static let costSamples = 9

  /// `cost`: each chapter's composition measured side by side, times as ratios to chapter 4's.
  mutating func cost() -> Int32 {
    let builder = ExerciseBuild(workspace: workspace)
    var rows: [(cost: ChapterCost, lines: Int)] = []
    for entry in ChapterCatalog.all {
      do {
        guard try builder.runBuild(["--product", entry.executable]).status == 0 else {
          complain(error: texts.chapterDoesNotBuild(entry.number))
          return 1
        }
        var samples: [ChapterCost] = []
        for _ in 0..<Self.costSamples {
          let run = try Subprocess.run(
            [workspace.url(".build/debug/\(entry.executable)").path, "--cost"],
            in: workspace.root, limit: 120)
          guard let cost = try? JSONDecoder().decode(ChapterCost.self, from: Data(run.output.utf8))
          else {
            complain(error: texts.chapterPrintedNoTrace(entry.number, run.status))
            return 1
          }
          samples.append(cost)
        }
        rows.append((Self.median(of: samples), try compositionLines(of: entry)))
      } catch {
        complain(error: error)
        return 1
      }
    }
    say(CostTable(rows: rows, samples: Self.costSamples, texts: texts).text, trailingNewline: false)
    return finish(0)
  }

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

/// The table `workbook cost` prints.
struct CostTable {
  let rows: [(cost: ChapterCost, lines: Int)]
  let samples: Int
  let texts: RunnerTexts

  var text: String {
    let base = rows.first { $0.cost.chapter == 4 }?.cost ?? rows[0].cost
    var lines = [texts.costHeading(samples), ""]
    let columns = texts.costColumns
    lines.append(
      Self.pad(columns[0], 10) + Self.pad(columns[1], 9, right: true)
        + Self.pad(columns[2], 10, right: true) + Self.pad(columns[3], 8, right: true)
        + Self.pad(columns[4], 22, right: true) + Self.pad(columns[5], 22, right: true))
    for (cost, composition) in rows {
      lines.append(
        Self.pad("chapter\(cost.chapter)", 10) + Self.pad("\(cost.objects)", 9, right: true)
          + Self.pad(cost.resolves.map(String.init) ?? "—", 10, right: true)
          + Self.pad("\(composition)", 8, right: true)
          + Self.pad(Self.time(cost.launchNanoseconds, base.launchNanoseconds), 22, right: true)
          + Self.pad(Self.time(cost.storyNanoseconds, base.storyNanoseconds), 22, right: true))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `12.3 µs  (8.2×)`: a time and its ratio to chapter 4's.
  static func time(_ nanoseconds: Int, _ base: Int) -> String {
    let value = Double(nanoseconds)
    let shown =
      value >= 1_000_000
      ? String(format: "%.1f ms", value / 1_000_000) : String(format: "%.1f µs", value / 1_000)
    return shown + String(format: "  (%.2f×)", value / Double(max(base, 1)))
  }

  /// `text` in a column `width` terminal cells wide (a Hangul syllable takes two), with at least
  /// one space between it and the column before.
  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let cells = text.unicodeScalars.reduce(0) {
      $0 + ((0xAC00...0xD7A3).contains($1.value) ? 2 : 1)
    }
    let room = String(repeating: " ", count: max(right ? 1 : 0, width - cells))
    return right ? room + text : text + room
  }
}
