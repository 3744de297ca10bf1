import Chapter1OnDemand
import Chapter2Factories
import Chapter3SingleContainer
import Chapter4ContainerHierarchy
import Chapter5ProtocolDI
import Chapter6RuntimeContainer
import Chapter7AmbientDependencies
import CommandLineKit
import Foundation
import KooberRules
import KooberStory
import WorkbookRunner

/// Every chapter, by number, for parameterized tests.
package enum Chapters {
  /// The chapter numbers, the arguments of parameterized tests: the catalog's.
  package static let numbers = ChapterCatalog.numbers

  /// Every chapter, in the catalog's order, and what its executable takes beyond every chapter's
  /// options (from its own module; chapters 5, 6 and 7 declare some). `CatalogTests` checks this
  /// list against the catalog, so a chapter left out is a failing test, not another chapter
  /// played under its number.
  package static let all: [(chapter: Chapter, commandLine: (any ChapterCommandLine.Type)?)] = [
    (.onDemand, nil),
    (.factories, nil),
    (.singleContainer, nil),
    (.containerHierarchy, nil),
    (.protocolDI, Chapter5CommandLine.self),
    (.runtimeContainer, Chapter6CommandLine.self),
    (.ambientDependencies, Chapter7CommandLine.self),
  ]

  /// The chapter with `number`.
  package static func chapter(_ number: Int) -> Chapter {
    guard let entry = all.first(where: { $0.chapter.number == number }) else {
      preconditionFailure("no chapter \(number) in Chapters.all: add it beside the catalog's entry")
    }
    return entry.chapter
  }

  /// What chapter `number`'s executable takes beyond every chapter's options.
  package static func extraCommandLine(_ number: Int) -> (
    options: [ValueOption], exclusive: [[String]]
  ) {
    let commandLine = all.first { $0.chapter.number == number }?.commandLine
    return (commandLine?.extraOptions ?? [], commandLine?.exclusive ?? [])
  }

  /// Whether chapter `number` keeps state in globals (chapters 1 and 2, as their own tests show):
  /// a second story in the same process would start where the first one ended, so tests play it
  /// in a fresh process (an exit test).
  package static func keepsGlobals(_ number: Int) -> Bool {
    ChapterCatalog.entry(number)?.keepsGlobals ?? false
  }

  /// The folder of the chapter's lesson, golden trace and picture.
  package static func folder(_ number: Int) -> URL {
    packageRoot.appendingPathComponent(ChapterCatalog.entry(number)?.folder ?? "Chapters/none")
  }

  /// The further pages of chapter `number`'s lesson (``lessonPages(in:)``).
  package static func lessonPages(_ number: Int) -> [String] {
    lessonPages(in: folder(number))
  }

  /// The further pages of the lesson in `folder`, by path from it, English then Korean: each
  /// folder of it that holds a `README.md` is one page (chapter 6's `in-practice/`), read by the
  /// lesson tests as the lesson is.
  package static func lessonPages(in folder: URL) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let pages = names.sorted().filter { name in
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(name + "/README.md").path)
    }
    return pages.flatMap { [$0 + "/README.md", $0 + "/README.ko.md"] }
  }

  /// The package's root folder, found from this file's path.
  package static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

extension Chapters {
  /// Whether the learner's files of exercise `number` are still its starter: a test that reads
  /// what a starter does (its `todo`) runs only then, so a learner's own work never makes the
  /// workbook's tests fail.
  package static func exerciseIsStarter(_ number: Int) -> Bool {
    let workspace = Workspace(root: packageRoot)
    guard let exercise = Exercise.numbered(number),
      let files = try? workspace.learnerFiles(of: exercise)
    else { return false }
    return workspace.isStarter(files, of: exercise)
  }
}
