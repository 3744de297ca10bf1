import ChapterTestSupport
import Foundation
import KooberStory
import Testing
import TracePictures

@testable import WorkbookRunner

/// Chapter 6's lesson quotes `workbook cost`: its counts are the chapters' own (its times are
/// one run's, and say so).
@Suite struct CostQuoteTests {
  @Test(arguments: ["README.md", "README.ko.md"])
  func theQuotedCountsAreTheChaptersOwn(lesson: String) throws {
    let block = try Self.quote(in: lesson)
    var rows = 0
    for line in block.split(separator: "\n")
    where line.hasPrefix("chapter") && line.dropFirst(7).first?.isNumber == true {
      let columns = line.split(separator: " ")
      let number = try #require(Int(columns[0].dropFirst("chapter".count)))
      let entry = try #require(ChapterCatalog.entry(number))
      let json = try ExecutableRun.shared(entry.executable, ["--format", "json"]).standardOutput
      let trace = try #require(
        try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      #expect(Int(columns[1]) == (trace["objects"] as? [Any])?.count, "\(line)")
      #expect(Int(columns[3]) == Self.compositionLines(of: entry.module), "\(line)")
      if number == 6 {
        let run = try ExecutableRun.shared("chapter6", ["--cost"])
        let cost = try JSONDecoder().decode(ChapterCost.self, from: Data(run.standardOutput.utf8))
        #expect(Int(columns[2]) == cost.resolves, "\(line)")
      } else {
        #expect(columns[2] == "—")
      }
      rows += 1
    }
    #expect(rows == ChapterCatalog.all.count)
  }

  /// The quote's words are what `workbook cost` prints now, in the lesson's language: its
  /// heading, whole, and its column names, in order.
  @Test(arguments: [("README.md", Language.english), ("README.ko.md", Language.korean)])
  func theQuotedHeadingIsTheCommandsOwn(lesson: String, language: Language) throws {
    let texts = RunnerTexts.in(language)
    let block = try Self.quote(in: lesson)
    #expect(block.hasPrefix(texts.costHeading(CostCommand.samples) + "\n\n"))
    let header = try #require(
      block.split(separator: "\n").first { $0.hasPrefix(texts.costColumns[0] + " ") })
    var rest = Substring(header)
    for column in texts.costColumns {
      let found = try #require(rest.range(of: column), "\(column) is not in \(header)")
      rest = rest[found.upperBound...]
    }
  }

  /// The lesson's quote of `workbook cost`: the console block whose rows name the chapters.
  static func quote(in lesson: String) throws -> String {
    let text = try String(
      contentsOf: Chapters.folder(6).appendingPathComponent(lesson), encoding: .utf8)
    return try #require(
      text.components(separatedBy: "```console\n").dropFirst()
        .compactMap { $0.components(separatedBy: "```").first }
        .first { $0.split(separator: "\n").contains { $0.hasPrefix("chapter6 ") } })
  }

  /// What `workbook cost` counts as a chapter's composition code.
  static func compositionLines(of module: String) -> Int {
    let folder = Chapters.packageRoot.appendingPathComponent("Sources/\(module)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".swift") }.reduce(0) { total, name in
      let text =
        (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
      return total
        + text.split(separator: "\n").filter { line in
          let code = line.drop { $0 == " " }
          return !code.isEmpty && !code.hasPrefix("//")
        }.count
    }
  }
}
