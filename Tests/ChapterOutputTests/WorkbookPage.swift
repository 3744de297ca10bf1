import ChapterTestSupport
import Foundation
import KooberStory
import ObjectTrace
import Testing
import TracePictures
import WorkbookRunner

/// The page `workbook diff A B --format html` prints: made from the chapters' JSON traces and
/// the summary of ``ChapterDiff`` by the same calls (running `workbook diff` itself would build
/// the chapters with `swift build` first).
enum WorkbookPage {
  static func diff(_ first: Int, _ second: Int) throws -> String {
    let before = try ExplorerBrowserTests.trace(of: first)
    let after = try ExplorerBrowserTests.trace(of: second)
    return HTMLTraceRenderer(language: .english, style: ChapterCatalog.scopeStyle).diffPage(
      before, after, summaries: ChapterDiff(before: before, after: after).sections)
  }
}
