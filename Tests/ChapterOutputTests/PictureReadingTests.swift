import ChapterTestSupport
import Foundation
import KooberStory
import Testing

@testable import ObjectTrace
@testable import TracePictures

/// How well each chapter's pictures read, counted: arrows across cards they do not join, and
/// arrows that cross. The counts may only go down; a layout change that makes any step of any
/// chapter read worse fails here, with the whole table in the message.
@Suite struct PictureReadingTests {
  /// Today's counts, chapter by chapter and step by step (launch … quit): at most these.
  /// Counted with back-references shown on demand (`workbook dev pictures`). No arrow runs
  /// across a card: the arrows go around them (``ArrowRoute``).
  static let ceilings: [Int: [(overlaps: Int, crossings: Int)]] = [
    1: [(0, 0), (0, 1), (0, 0), (0, 1), (0, 0)],
    2: [(0, 0), (0, 2), (0, 0), (0, 2), (0, 0)],
    3: [(0, 0), (0, 0), (0, 2), (0, 3), (0, 0)],
    4: [(0, 0), (0, 1), (0, 0), (0, 1), (0, 0)],
    5: [(0, 0), (0, 1), (0, 0), (0, 1), (0, 0)],
    6: [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)],
    7: [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)],
  ]

  static func trace(of chapter: Int) throws -> Trace {
    let json = try ExecutableRun.shared("chapter\(chapter)", ["--format", "json"]).standardOutput
    return try JSONDecoder().decode(Trace.self, from: Data(json.utf8))
  }

  static func readings(of chapter: Int) throws -> [PictureReading] {
    let trace = try trace(of: chapter)
    let layout = TraceLayout([trace], style: ChapterCatalog.scopeStyle)
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

  /// What keeps a finding's object alive is on the page before anything is chosen: every
  /// reference of the path its finding names (`kept by app.appContainer.signedInUserSession`)
  /// is an arrow the page draws by default (a tree arrow, not a back-reference).
  @Test(arguments: Chapters.numbers)
  func everyFindingsRetentionPathIsDrawnByDefault(chapter: Int) throws {
    let trace = try Self.trace(of: chapter)
    let layout = TraceLayout([trace], style: ChapterCatalog.scopeStyle)
    var paths = 0
    for step in trace.steps {
      let drawn = Set(
        SVGTraceRenderer.arrows(of: step, in: layout).filter { !$0.back }.map {
          $0.from + " → " + $0.to
        })
      for finding in step.findings {
        guard let kept = finding.detail.split(separator: "(kept by ").dropFirst().first,
          let path = kept.split(separator: ")").first
        else { continue }
        var labels = path.split(separator: ".").map(String.init)
        let rootLabel = labels.removeFirst().replacingOccurrences(of: "global ", with: "")
        var at = try #require(
          step.roots.first { $0.label == rootLabel }?.object, "\(step.name): \(path)")
        for label in labels {
          let edge = try #require(
            step.edges.first { $0.from == at && $0.label == label }, "\(step.name): \(path)")
          #expect(
            drawn.contains(edge.from + " → " + edge.to),
            "chapter \(chapter), \(step.name): \(edge.from).\(label) is not drawn by default")
          at = edge.to
        }
        paths += 1
      }
    }
    // Chapters 2 and 3 keep objects past their scope (the lessons' stale findings); the others
    // keep nothing that a path would name.
    #expect(
      (paths > 0) == (ChapterCatalog.entry(chapter)?.keepsObjectsPastTheirScope == true),
      "chapter \(chapter): \(paths) paths")
  }
}
