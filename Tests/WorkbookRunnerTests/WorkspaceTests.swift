import ChapterTestSupport
import Foundation
import ObjectTrace
import Testing
import TracePictures

@testable import WorkbookRunner

/// The workbook is found by what its root folder holds, from anywhere inside it.
@Suite struct WorkspaceTests {
  @Test func theRootIsFoundFromAFolderInsideIt() throws {
    let inside = Chapters.packageRoot.appendingPathComponent("Chapters/04-container-hierarchy")
    let found = try Workspace.find(from: inside)
    #expect(found.root.standardizedFileURL.path == Chapters.packageRoot.standardizedFileURL.path)
  }

  @Test func aFolderOutsideItIsNoWorkbook() {
    #expect(throws: WorkbookError.self) {
      try Workspace.find(from: URL(fileURLWithPath: "/"))
    }
  }
}
