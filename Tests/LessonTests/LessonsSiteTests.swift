import ChapterTestSupport
import Foundation
import Testing

/// The lessons site is made from the Markdown lessons at build time (`.ci/docs-lessons`), never
/// kept twice: every page a learner reads as a lesson is one of its articles, in both languages,
/// and no article is kept in the repository beside its Markdown.
@Suite struct LessonsSiteTests {
  static let root = Chapters.packageRoot

  /// The Markdown files the site's generator makes articles of, without their language suffix:
  /// `06-runtime-container/README`.
  static func articleStems() throws -> [String] {
    let generator = try String(
      contentsOf: root.appendingPathComponent(".ci/docs-lessons"), encoding: .utf8)
    return generator.matches(of: /\("[a-z0-9-]+", "([A-Za-z0-9\/._-]+)"\)/).map {
      String($0.output.1)
    }
  }

  /// Every lesson (each `README.md` under `Chapters/`), every finding page and the teachers'
  /// guide, as stems.
  static func lessonStems() throws -> Set<String> {
    let chapters = root.appendingPathComponent("Chapters")
    // A lesson's own package builds into a hidden `.build`: not the workbook's files.
    let files = try FileManager.default.subpathsOfDirectory(atPath: chapters.path)
      .filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
    return Set(
      files.filter { path in
        path.hasSuffix("README.md")
          || (path.hasPrefix("findings/") && !path.hasSuffix(".ko.md")
            && path.hasSuffix(".md"))
          || path == "TEACHING.md"
      }
      .map { String($0.dropLast(".md".count)) })
  }

  @Test func everyLessonIsAnArticleOfTheSite() throws {
    let articles = try Self.articleStems()
    #expect(Set(articles) == (try Self.lessonStems()))
    #expect(articles.count == Set(articles).count, "an article is listed twice")
  }

  @Test func everyArticleHasItsKoreanTwin() throws {
    for stem in try Self.articleStems() {
      let korean = Self.root.appendingPathComponent("Chapters/\(stem).ko.md")
      #expect(FileManager.default.fileExists(atPath: korean.path), "\(stem) has no .ko.md")
    }
  }

  /// The tutorial's code listings are the lesson package's files, copied when the site is built:
  /// each one it names exists, and the tests it shows are the ones the lesson quotes.
  @Test func theTutorialShowsTheLessonPackagesOwnFiles() throws {
    let generator = try String(
      contentsOf: Self.root.appendingPathComponent(".ci/docs-lessons"), encoding: .utf8)
    let listed = generator.matches(of: /\("[A-Za-z]+\.swift", "(testing\/lifetimes\/[^"]+)"\)/)
      .map { String($0.output.1) }
    #expect(listed.count == 5)
    for path in listed {
      let file = Self.root.appendingPathComponent("Chapters/\(path)")
      #expect(FileManager.default.fileExists(atPath: file.path), "\(path)")
    }
    #expect(listed.contains("testing/lifetimes/Tests/BookshelfTests/BookshelfTests.swift"))
  }

  /// The catalogs are made at build time: a committed one would be a second copy to drift.
  @Test func noLessonArticleIsKeptInTheRepository() throws {
    // Hidden folders (`.build`, `.git`) are not the repository's files.
    let files = try #require(
      FileManager.default.enumerator(
        at: Self.root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]))
    let found = files.compactMap { ($0 as? URL)?.lastPathComponent }
      .filter { $0 == "Lessons.docc" }
    #expect(found.isEmpty)
  }
}
