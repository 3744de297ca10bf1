import ChapterTestSupport
import Foundation
import Testing

/// Every relative link in the READMEs, lessons, tasks, hints and guides points at a file that
/// exists, and a link whose text is a path names the file it points at: when code moves, the
/// documents move with it.
@Suite struct LessonLinkTests {
  /// A relative link: where it stands, what it shows, where it points.
  struct Link: CustomTestStringConvertible, Sendable {
    let document: String
    let text: String
    let target: String
    var testDescription: String { "\(document): [\(text)](\(target))" }
  }

  /// The Markdown files a reader opens: the two top-level READMEs and contributors' guides, and
  /// everything in `Chapters/`.
  static let documents: [String] = {
    var paths = ["README.md", "README.ko.md", "CONTRIBUTING.md", "CONTRIBUTING.ko.md"]
    let chapters = Chapters.packageRoot.appendingPathComponent("Chapters")
    let walker = FileManager.default.enumerator(atPath: chapters.path)
    while let relative = walker?.nextObject() as? String {
      if relative.hasSuffix(".md") { paths.append("Chapters/\(relative)") }
    }
    return paths.sorted()
  }()

  /// Every `[text](target)` whose target is neither a web address nor an anchor alone.
  static let links: [Link] = documents.flatMap { document -> [Link] in
    let url = Chapters.packageRoot.appendingPathComponent(document)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.matches(of: /\[([^\]]+)\]\(([^)\s]+)\)/).compactMap { match in
      let target = String(match.output.2)
      guard !target.hasPrefix("http:"), !target.hasPrefix("https:"), !target.hasPrefix("#"),
        !target.hasPrefix("mailto:")
      else { return nil }
      return Link(document: document, text: String(match.output.1), target: target)
    }
  }

  /// `link`'s target as a path from the package root, without an anchor.
  static func resolved(_ link: Link) -> String {
    var parts = link.document.split(separator: "/").dropLast().map(String.init)
    let path = link.target.split(separator: "#", maxSplits: 1).first ?? ""
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(String(part))
      }
    }
    return parts.joined(separator: "/")
  }

  @Test func theDocumentsHaveLinks() {
    #expect(Self.documents.count >= 30)
    #expect(Self.links.count >= 100)
  }

  @Test(arguments: links)
  func theLinkedFileExists(link: Link) {
    let path = Chapters.packageRoot.appendingPathComponent(Self.resolved(link)).path
    #expect(FileManager.default.fileExists(atPath: path), "\(Self.resolved(link)) is missing")
  }

  @Test(
    arguments: links.filter { link in
      let text = link.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      return text.contains("/") && !text.contains(" ")
    })
  func aLinkShowingAPathNamesItsTarget(link: Link) {
    let text = link.text.trimmingCharacters(in: CharacterSet(charactersIn: "`/"))
    #expect(Self.resolved(link).hasSuffix(text), "shows \(text), points at \(Self.resolved(link))")
  }
}
