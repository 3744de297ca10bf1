import ChapterTestSupport
import Foundation
import Testing

/// Exercises 11–13's, 15's and 16's API sheets (`API.md`, `API.ko.md`): every line of a declaration they show
/// is the code's now, so a learner needs no look into `Sources/`, and no task sends one there.
@Suite struct ExerciseAPISheetTests {
  /// An exercise's folder, and the folders whose Swift files its sheet quotes.
  struct Sheet: CustomTestStringConvertible, Sendable {
    let folder: String
    let declaredIn: [String]
    var testDescription: String { folder }
  }

  static let sheets = [
    Sheet(
      folder: "Chapters/testing/exercise-11-test-the-lifetimes",
      declaredIn: ["Sources/Podcasts", "Sources/ObjectTraceTesting", "Sources/ObjectTrace"]),
    Sheet(folder: "Chapters/open/exercise-12-pick-me-up", declaredIn: ["Sources/KooberKit"]),
    Sheet(
      folder: "Chapters/open/exercise-13-pick-me-up-registrations",
      declaredIn: [
        "Sources/Chapter6RuntimeContainer",
        "Chapters/open/exercise-13-pick-me-up-registrations/exercise",
      ]),
    Sheet(
      folder: "Chapters/after-init/exercise-15-set-after-init", declaredIn: ["Sources/KooberKit"]),
    Sheet(
      folder: "Chapters/testing/exercise-16-override-per-test",
      declaredIn: [
        "Sources/Chapter7AmbientDependencies", "Sources/AmbientTesting", "Sources/KooberKit",
        "Sources/ObjectTrace",
      ]),
  ]

  /// `text` with its `///` lines and every white space gone: how a quoted declaration, wrapped
  /// and without its documentation, is found in the file that declares it.
  static func squeezed(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
      .joined().filter { !$0.isWhitespace }
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOf: Chapters.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// Every `.swift` file under `folder`, read.
  static func swiftFiles(under folder: String) throws -> [String] {
    let root = Chapters.packageRoot.appendingPathComponent(folder)
    let names = try FileManager.default.subpathsOfDirectory(atPath: root.path)
    return try names.filter { $0.hasSuffix(".swift") }.map { try read(folder + "/" + $0) }
  }

  @Test(arguments: sheets)
  func everyDeclarationOnTheSheetIsTheCodes(sheet: Sheet) throws {
    let code = try sheet.declaredIn.flatMap(Self.swiftFiles(under:)).map(Self.squeezed)
    for name in ["API.md", "API.ko.md"] {
      let page = try Self.read(sheet.folder + "/" + name)
      let blocks = page.matches(of: /```swift\n((?s).*?)```/).map { String($0.1) }
      #expect(blocks.count >= 3, "\(name) quotes \(blocks.count) declarations")
      // Line by line: a sheet shows a type's public members together, without the bodies
      // between them, so only each line is sure to be the code's.
      for block in blocks {
        for line in block.split(separator: "\n") where !Self.squeezed(String(line)).isEmpty {
          #expect(
            code.contains { $0.contains(Self.squeezed(String(line))) },
            "\(sheet.folder)/\(name) shows what no file declares: \(line)")
        }
      }
    }
  }

  /// The sheet stands in for `Sources/`: no task or hint of the exercise sends a learner there.
  @Test(arguments: sheets)
  func noTaskOrHintSendsTheLearnerIntoSources(sheet: Sheet) throws {
    for name in ["TASK.md", "TASK.ko.md", "HINTS.md", "HINTS.ko.md", "API.md", "API.ko.md"] {
      #expect(!(try Self.read(sheet.folder + "/" + name)).contains("Sources/"), "\(name)")
    }
  }
}
