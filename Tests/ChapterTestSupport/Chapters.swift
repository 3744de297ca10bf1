import Chapter1OnDemand
import Chapter2Factories
import Chapter3SingleContainer
import Chapter4ContainerHierarchy
import Chapter5ProtocolDI
import Foundation
import KooberStory

/// Every chapter, by number, for parameterized tests.
package enum Chapters {
  /// The chapter numbers, the arguments of parameterized tests.
  package static let numbers = [1, 2, 3, 4, 5]

  /// The chapter with `number`.
  package static func chapter(_ number: Int) -> Chapter {
    switch number {
    case 1: .onDemand
    case 2: .factories
    case 3: .singleContainer
    case 4: .containerHierarchy
    default: .protocolDI
    }
  }

  /// Whether chapter `number` keeps state in globals (chapters 1 and 2, as their own tests show):
  /// a second story in the same process would start where the first one ended, so tests play it
  /// in a fresh process (an exit test).
  package static func keepsGlobals(_ number: Int) -> Bool { number <= 2 }

  /// The folder of the chapter's lesson, golden trace and picture.
  package static func folder(_ number: Int) -> URL {
    let names = [
      1: "01-on-demand", 2: "02-factories", 3: "03-single-container",
      4: "04-container-hierarchy", 5: "05-protocol-di",
    ]
    return packageRoot.appendingPathComponent("Chapters").appendingPathComponent(
      names[number] ?? "")
  }

  /// The package's root folder, found from this file's path.
  package static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
