import ChapterTestSupport
import Foundation
import ObjectTrace
import Testing

@testable import WorkbookRunner

/// `workbook`'s command line, read once into what to do: the language first, wherever `--lang`
/// stands, then one typed request or one problem.
@Suite struct RunnerCommandLineTests {
  @Test(arguments: [
    (["list"], RunnerCommandLine.Request.list),
    (["check", "4"], .check(exercise: 4)),
    (["check", "--json", "--all"], .checkAll(json: true)),
    (["check", "--all"], .checkAll(json: false)),
    (["report", "--format=exercism", "g.json"], .report(path: "g.json", exercism: true)),
    (["report", "g.json"], .report(path: "g.json", exercism: false)),
    (["hint", "10"], .hint(exercise: 10)),
    (["reset", "--all"], .reset(exercise: nil)),
    (["solution", "-y", "3"], .solution(exercise: 3, confirmed: true)),
    (["diff", "3", "4", "--format", "html"], .diff(first: 3, second: 4, html: true)),
    (["dev", "check"], .devCheck),
    ([], .usage),
    (["help"], .usage),
  ])
  func eachCommandReadsAsItsRequest(arguments: [String], request: RunnerCommandLine.Request) {
    let commandLine = RunnerCommandLine(arguments, defaultLanguage: .english)
    #expect(commandLine.request == .success(request))
    #expect(commandLine.language == .english)
  }

  @Test func theLanguageIsReadWhereverItStands() {
    let commandLine = RunnerCommandLine(["check", "--lang=ko", "4"], defaultLanguage: .english)
    #expect(commandLine.language == .korean)
    #expect(commandLine.request == .success(.check(exercise: 4)))
    let fallback = RunnerCommandLine(["list"], defaultLanguage: .korean)
    #expect(fallback.language == .korean)
  }

  @Test func aProblemNamesTheCommandWhoseUsageFollows() {
    let commandLine = RunnerCommandLine(["hint", "4", "extra"], defaultLanguage: .english)
    #expect(
      commandLine.request
        == .failure(.init(message: "unexpected argument 'extra'", command: "hint")))
    let unknown = RunnerCommandLine(["frobnicate", "--help"], defaultLanguage: .english)
    #expect(
      unknown.request == .failure(.init(message: "unknown command 'frobnicate'", command: nil)))
  }
}

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
