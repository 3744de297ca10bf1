import ChapterTestSupport
import Foundation
import Testing

/// `CONTRIBUTING.md` stays true: every path it names exists (a pattern such as
/// `Chapters/*/trace.txt` names at least one file), every test it says will fail is a test of
/// the workbook's, and every suite it names is a suite or a test target, in both languages'
/// guides.
@Suite struct ContributingTests {
  /// The code spans of `text`, outside its code blocks.
  static func spans(in text: String) -> [String] {
    text.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }
      .flatMap { $0.element.matches(of: /`([^`\n]+)`/).map { String($0.1) } }
  }

  static let testSources: String = {
    let root = Chapters.packageRoot.appendingPathComponent("Tests")
    let walker = FileManager.default.enumerator(atPath: root.path)
    var text = ""
    while let relative = walker?.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      text +=
        (try? String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)) ?? ""
    }
    return text
  }()

  @Test(arguments: ["CONTRIBUTING.md", "CONTRIBUTING.ko.md"])
  func everyPathAndTestItNamesExists(name: String) throws {
    let text = try String(
      contentsOf: Chapters.packageRoot.appendingPathComponent(name), encoding: .utf8)
    let spans = Self.spans(in: text)
    let roots = ["Sources/", "Tests/", "Chapters/", ".ci/", ".github/"]
    let paths = spans.filter { span in
      roots.contains { span.hasPrefix($0) } && !span.contains("<") && !span.contains(" ")
    }
    #expect(paths.count >= 20)
    for path in paths {
      let exists: Bool
      if path.contains("*") {
        exists = try !ClaimsTests.files(matching: path).isEmpty
      } else {
        exists = FileManager.default.fileExists(
          atPath: Chapters.packageRoot.appendingPathComponent(path).path)
      }
      #expect(exists, "\(name) names \(path), which does not exist")
    }
    // What each recipe's "Tests:" paragraph names is a test that fails until it is complete.
    let testParagraphs = text.components(separatedBy: "\n\n").filter {
      $0.hasPrefix("Tests:") || $0.hasPrefix("테스트:")
    }
    let tests = testParagraphs.flatMap(Self.spans).filter {
      $0.wholeMatch(of: /[a-z][A-Za-z]{15,}/) != nil
    }
    let suites = spans.filter { $0.wholeMatch(of: /[A-Z][A-Za-z]*Tests/) != nil }
    #expect(tests.count >= 10)
    for test in tests {
      #expect(Self.testSources.contains("func \(test)("), "\(name) names no test \(test)")
    }
    for suite in suites {
      // A suite of the tests, or a test target (`ChapterTests`), named by its folder.
      let declared = Self.testSources.contains("struct \(suite)")
      let target = Chapters.packageRoot.appendingPathComponent("Tests/\(suite)").path
      let isTarget = FileManager.default.fileExists(atPath: target)
      #expect(declared || isTarget, "\(name) names no suite \(suite)")
    }
  }
}
