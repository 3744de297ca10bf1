import Foundation
import KooberRules
import WorkbookRunner

/// The workbook the tests belong to: its folder, and its exercises as a learner left them.
package enum Workbook {
  /// The package's root folder, found from this file's path.
  package static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Whether the learner's files of exercise `number` are still its starter: a test that reads
  /// what a starter does (its `todo`) runs only then, so a learner's own work never makes the
  /// workbook's tests fail.
  package static func exerciseIsStarter(_ number: Int) -> Bool {
    let workspace = Workspace(root: root)
    guard let exercise = Exercise.numbered(number),
      let files = try? workspace.learnerFiles(of: exercise)
    else { return false }
    return workspace.isStarter(files, of: exercise)
  }
}
