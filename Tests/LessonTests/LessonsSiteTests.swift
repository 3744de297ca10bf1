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

  /// Whether `python3` is on the `PATH`: the site's generator is a Python script.
  static let hasPython = (ProcessInfo.processInfo.environment["PATH"] ?? "")
    .split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/python3")
    }

  /// The site as `.ci/docs-lessons` makes it, in both languages: each link between lessons is a
  /// DocC link to a page of the catalog, never left as the path of a Markdown file the site does
  /// not serve, and each picture an article shows is copied into the catalog's resources. No
  /// golden file holds the site: without this, only a reader of the built site would notice.
  @Test(.enabled(if: hasPython, "python3 is not installed: the site's generator needs it"))
  func everyLinkBetweenLessonsAndEveryPictureIsInTheSite() throws {
    let files = FileManager.default
    let output = files.temporaryDirectory.appendingPathComponent("lessons-\(UUID().uuidString)")
    defer { try? files.removeItem(at: output) }
    let run = try ExecutableRun(
      command: ["python3", ".ci/docs-lessons", output.path], in: Self.root)
    try #require(run.status == 0, "\(run.standardError)")
    let stems = try Self.articleStems()
    for language in ["en", "ko"] {
      let catalog = output.appendingPathComponent("\(language)/Lessons.docc")
      // A page is an article (`why-di.md`) or a tutorial (`Tutorials/Lifetimes.tutorial`); a
      // picture is named without its extension.
      let articles = try files.contentsOfDirectory(atPath: catalog.path).filter {
        $0.hasSuffix(".md")
      }
      let tutorials = try files.contentsOfDirectory(
        atPath: catalog.appendingPathComponent("Tutorials").path)
      let pages = Set((articles + tutorials).map { ($0 as NSString).deletingPathExtension })
      let pictures = Set(
        try files.contentsOfDirectory(atPath: catalog.appendingPathComponent("Resources").path)
          .map { ($0 as NSString).deletingPathExtension })
      var links = 0
      var shown = 0
      for article in articles {
        let text = try String(
          contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
        for link in text.matches(of: /<doc:([^>]+)>/) {
          links += 1
          #expect(
            pages.contains(String(link.output.1)),
            "\(language)/\(article): <doc:\(link.output.1)> is no page of the site")
        }
        for picture in text.matches(of: /!\[[^\]]*\]\(([^)]+)\)/) {
          shown += 1
          #expect(
            pictures.contains(String(picture.output.1)),
            "\(language)/\(article): the picture \(picture.output.1) was not copied")
        }
        // A lesson's line naming its twin in the other language stays a path: that article is in
        // the other catalog.
        for stem in stems {
          let file = "Chapters/\(stem)" + (language == "ko" ? ".ko.md" : ".md")
          #expect(
            !text.contains("`\(file)`"),
            "\(language)/\(article): the link to the lesson \(file) became its path")
        }
      }
      #expect(links > 0 && shown > 0, "\(language): no links or no pictures were read")
    }
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
