import ChapterTestSupport
import Foundation
import ObjectTrace
import Testing
import TracePictures

@testable import WorkbookRunner

/// The one list of commands and what `workbook` says about them agree: each command listed is
/// in `workbook --help` with its own lines and has its own help, in both languages; the help
/// lists no command the list does not have.
@Suite struct CommandListTests {
  @Test func everyCommandHasOneNameAndItsOwnHelp() {
    let names = RunnerCommandLine.commands.map { $0.name }
    #expect(Set(names).count == names.count)
    for (name, usage) in RunnerCommandLine.commands.map({ ($0.name, $0.usage) }) {
      #expect(usage.en.hasPrefix("usage: workbook \(name)"))
      #expect(usage.ko.hasPrefix("사용법: workbook \(name)"))
    }
  }

  /// A command declared in its file but left out of the list would never be read: each
  /// `extension …: RunnerCommand` in the runner's sources is in the list, once.
  @Test func everyDeclaredCommandIsListed() throws {
    let folder = Chapters.packageRoot.appendingPathComponent("Sources/WorkbookRunner")
    var declared: [String] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      declared += text.matches(of: /extension (\w+): RunnerCommand \{/).map { String($0.1) }
    }
    let listed = RunnerCommandLine.commands.map { String(describing: $0) }
    #expect(declared.sorted() == listed.sorted())
  }

  @Test(arguments: [Language.english, .korean])
  func theUsageListsExactlyTheCommands(language: Language) {
    let usage = RunnerTexts.in(language).usage
    for summary in RunnerCommandLine.commands.map({ $0.summary.text(in: language) }) {
      #expect(usage.contains(summary))
    }
    // The command section's lines that start a command name one of the listed commands.
    let listed = usage.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  "), !line.hasPrefix("   "), !line.hasPrefix("  -") else {
        return nil
      }
      return line.split(separator: " ").first.map(String.init)
    }
    #expect(Set(listed) == Set(RunnerCommandLine.commands.map { $0.name }))
  }
}
