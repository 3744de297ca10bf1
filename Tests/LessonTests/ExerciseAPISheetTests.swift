import ChapterTestSupport
import Foundation
import Testing

/// The open exercises' API sheets (`API.md`, `API.ko.md`): every declaration they show is one the
/// code declares now, so a learner needs no look into `Sources/`, and no task sends one there.
@Suite struct ExerciseAPISheetTests {
  /// An exercise's folder, and the folders whose Swift files its sheet quotes.
  struct Sheet: CustomTestStringConvertible, Sendable {
    let folder: String
    let declaredIn: [String]
    var testDescription: String { folder }
  }

  static let sheets = [
    Sheet(folder: "Chapters/open/exercise-12-pick-me-up", declaredIn: ["Sources/KooberKit"]),
    Sheet(
      folder: "Chapters/open/exercise-13-pick-me-up-registrations",
      declaredIn: [
        "Sources/Chapter6RuntimeContainer",
        "Chapters/open/exercise-13-pick-me-up-registrations/exercise",
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
      #expect(blocks.count >= 4, "\(name) quotes \(blocks.count) declarations")
      for block in blocks {
        #expect(
          code.contains { $0.contains(Self.squeezed(block)) },
          "\(sheet.folder)/\(name) shows what no file declares:\n\(block)")
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
