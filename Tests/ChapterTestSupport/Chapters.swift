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

  /// The chapter with `number`.
  package static func chapter(_ number: Int) -> Chapter {
    switch number {
    case 1: .onDemand
    case 2: .factories
    case 3: .singleContainer
    case 4: .containerHierarchy
    case 5: .protocolDI
    case 6: .runtimeContainer
    default: .ambientDependencies
    }
  }

  /// What chapter `number`'s executable takes beyond every chapter's options, from its own
  /// module (chapters 5 and 6 declare some; the others none).
  package static func extraCommandLine(_ number: Int) -> (
    options: [ValueOption], exclusive: [[String]]
  ) {
    switch number {
    case 5: (Chapter5CommandLine.extraOptions, Chapter5CommandLine.exclusive)
    case 6: (Chapter6CommandLine.extraOptions, [])
    case 7: (Chapter7CommandLine.extraOptions, [])
    default: ([], [])
    }
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
