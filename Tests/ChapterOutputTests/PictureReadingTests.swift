import ChapterTestSupport
import Foundation
import ObjectTrace
import Testing

/// How well each chapter's pictures read, counted: arrows across cards they do not join, and
/// arrows that cross. The counts may only go down; a layout change that makes any step of any
/// chapter read worse fails here, with the whole table in the message.
@Suite struct PictureReadingTests {
  /// Today's counts, chapter by chapter and step by step (launch … quit): at most these.
  /// Counted with back-references shown on demand (`workbook dev pictures`).
  static let ceilings: [Int: [(overlaps: Int, crossings: Int)]] = [
    1: [(7, 1), (10, 1), (7, 1), (9, 1), (0, 0)],
    2: [(7, 1), (10, 1), (7, 1), (9, 1), (1, 0)],
    3: [(11, 1), (19, 7), (23, 3), (19, 1), (0, 0)],
    4: [(11, 4), (16, 2), (11, 4), (17, 2), (0, 0)],
    5: [(11, 4), (16, 2), (11, 4), (17, 2), (0, 0)],
    6: [(9, 0), (16, 2), (9, 0), (16, 2), (0, 0)],
  ]

  static func readings(of chapter: Int) throws -> [PictureReading] {
    let json = try ExecutableRun.shared("chapter\(chapter)", ["--format", "json"]).standardOutput
    let trace = try JSONDecoder().decode(Trace.self, from: Data(json.utf8))
    let layout = TraceLayout([trace])
    return trace.steps.map { PictureReading(step: $0, layout: layout) }
  }

  @Test(arguments: Chapters.numbers)
  func noStepReadsWorseThanToday(chapter: Int) throws {
    let readings = try Self.readings(of: chapter)
    let table = readings.map { "(\($0.arrowCardOverlaps), \($0.crossings))" }
      .joined(separator: ", ")
    let ceilings = try #require(
      Self.ceilings[chapter], "no ceilings for chapter \(chapter): \(table)")
    #expect(readings.count == ceilings.count)
    for (reading, ceiling) in zip(readings, ceilings) {
      #expect(
        reading.arrowCardOverlaps <= ceiling.overlaps && reading.crossings <= ceiling.crossings,
        "chapter \(chapter) reads worse than its ceilings: \(table)")
    }
  }
}
