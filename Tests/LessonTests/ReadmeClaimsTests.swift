import ChapterTestSupport
import Foundation
import Testing
import WorkbookRunner

/// What the top-level READMEs and the pages they send a learner to say about the chapters'
/// output is what the chapters print: the counts of changed lines between chapters and the trace
/// they show as an example (the lesson on reading a trace), the library's example (the page on
/// using it on your own code), and the two commands "Start here" opens with.
@Suite struct ReadmeClaimsTests {
  /// The lesson on reading a trace, diffing two chapters and the formats, in both languages: the
  /// README's "Reading a trace", "Diff two chapters" and "Formats", moved.
  static let traceLessons = [
    "Chapters/reading-a-trace/README.md", "Chapters/reading-a-trace/README.ko.md",
  ]

  /// One lesson's claim that `before → after` differ in `text` lines of the golden traces and
  /// `facts` lines of `--format facts` (`local`: with chapter 5 run with `--server local`).
  struct DiffCount: Sendable, CustomTestStringConvertible {
    let readme: String
    let before: Int
    let after: Int
    let text: Int
    let facts: Int
    let local: Int?
    var testDescription: String { "\(readme): \(before) → \(after)" }
  }

  static func readme(_ name: String) throws -> String {
    try String(
      contentsOf: Chapters.packageRoot.appendingPathComponent(name), encoding: .utf8)
  }

  static let counts: [DiffCount] = {
    var counts: [DiffCount] = []
    for name in traceLessons {
      let text = (try? readme(name)) ?? ""
      let english =
        /^- (\d) → (\d): (\d+) changed lines of text, (\d+) of facts(?: \((\d+) of facts with `--server local`)?/
      let korean =
        /^- (\d) → (\d): 텍스트 (\d+)줄, facts (\d+)줄(?: \(`--server local`로 실행하면 facts (\d+)줄)?/
      for line in text.split(separator: "\n") {
        guard let match = line.firstMatch(of: english) ?? line.firstMatch(of: korean),
          let before = Int(match.1), let after = Int(match.2), let lines = Int(match.3),
          let facts = Int(match.4)
        else { continue }
        counts.append(
          DiffCount(
            readme: name, before: before, after: after, text: lines, facts: facts,
            local: match.5.flatMap { Int($0) }))
      }
    }
    return counts
  }()

  /// The count of lines `diff A B` marks with `<` or `>`.
  static func changedLines(_ before: String, _ after: String) -> Int {
    LineDiff.lines(from: before, to: after).count { if case .kept = $0 { false } else { true } }
  }

  /// The repository's workflow builds with the oldest Swift the manifest allows (the README's
  /// table is `ManifestClaimsTests`'s).
  @Test func theWorkflowBuildsWithTheOldestSwiftTheManifestAllows() throws {
    let manifest = try Self.readme("Package.swift")
    let toolsVersion = try #require(manifest.firstMatch(of: /swift-tools-version: *(\d+\.\d+)/)).1
    let workflow = try Self.readme(".github/workflows/ci.yml")
    #expect(workflow.contains("container: swift:\(toolsVersion)-bookworm"))
  }

  /// "Start here" opens with the two commands a learner runs first, in both languages: play
  /// chapter 1, then run every test.
  @Test(arguments: ["README.md", "README.ko.md"])
  func startHereOpensWithTheTwoCommands(readme: String) throws {
    let text = try Self.readme(readme)
    let block = try #require(
      text.components(separatedBy: "```sh\n").dropFirst().first?
        .components(separatedBy: "```").first)
    let commands = block.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    #expect(commands == ["swift run chapter1", "swift test"])
  }

  /// "Use it on your own code" (the README's section, moved to its own page) shows the manifest
  /// lines and the test of the lifetimes lesson's package (`Chapters/testing/lifetimes`), which
  /// CI builds against the library products.
  @Test(arguments: ["Chapters/your-own-code/README.md", "Chapters/your-own-code/README.ko.md"])
  func theLibrarysExampleIsThePackageCIBuilds(readme: String) throws {
    let text = try Self.readme(readme)
    let test = try Self.readme(
      "Chapters/testing/lifetimes/Tests/BookshelfTests/BookshelfTests.swift")
    let lines = test.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(
      lines.firstIndex { $0.hasPrefix("  @Test func signingOutReleasesTheSession()") })
    let end = try #require(lines[start...].firstIndex { $0 == "  }" })
    #expect(text.contains(lines[start...end].joined(separator: "\n")))
    #expect(text.contains("@Suite(.trackLifetimes) struct BookshelfTests {"))
    // One import brings the tracer too: the package's test, which CI builds, imports no
    // `ObjectTrace`, and the page shows the imports it has.
    #expect(!test.contains("import ObjectTrace\n"))
    #expect(text.contains("import Bookshelf\nimport ObjectTraceTesting\nimport Testing\n"))
    #expect(test.hasPrefix("import Bookshelf\nimport ObjectTraceTesting\nimport Testing\n"))
    let manifest = try Self.readme("Chapters/testing/lifetimes/Package.swift")
    let product = #".product(name: "ObjectTraceTesting", package: "KooberDIWorkbook")"#
    #expect(manifest.contains(product) && text.contains(product))
    #expect(manifest.contains(#".package(name: "KooberDIWorkbook", path: "../../..")"#))
    #expect(text.contains(#".package(name: "KooberDIWorkbook", path: "../koober-di-workbook")"#))
    // The platform the workbook's manifest asks for: a Mac package without it cannot use it.
    #expect(try Self.readme("Package.swift").contains("platforms: [.macOS(.v15)]"))
    #expect(text.contains("platforms: [.macOS(.v15)],"))
  }

  @Test func bothLanguagesCountEveryPairOfAdjacentChapters() {
    for name in Self.traceLessons {
      let pairs = Self.counts.filter { $0.readme == name }.map { [$0.before, $0.after] }
      #expect(pairs == [[1, 2], [2, 3], [3, 4], [4, 5]], "\(name)")
    }
  }

  @Test(arguments: counts)
  func theChangedLineCountsAreTheChaptersOwn(count: DiffCount) throws {
    func golden(_ number: Int) throws -> String {
      try String(
        contentsOf: Chapters.folder(number).appendingPathComponent("trace.txt"), encoding: .utf8)
    }
    #expect(Self.changedLines(try golden(count.before), try golden(count.after)) == count.text)
    let facts = try ["chapter\(count.before)", "chapter\(count.after)"].map {
      try ExecutableRun.shared($0, ["--format", "facts"]).standardOutput
    }
    #expect(Self.changedLines(facts[0], facts[1]) == count.facts)
    if let local = count.local {
      let served = try ExecutableRun.shared(
        "chapter\(count.after)", ["--server", "local", "--format", "facts"])
      #expect(Self.changedLines(facts[0], served.standardOutput) == local)
    }
  }

  /// "Reading a trace" shows one real step of one chapter: its `text` block is a run of lines of
  /// the golden trace the lesson names.
  @Test(arguments: traceLessons)
  func theTraceItReadsIsOneStepOfARealTrace(name: String) throws {
    let text = try Self.readme(name)
    let section = try #require(
      text.components(separatedBy: "\n## ").first {
        $0.hasPrefix("Reading a trace") || $0.hasPrefix("트레이스 읽기")
      })
    let block = try #require(
      section.components(separatedBy: "```text\n").dropFirst().first?
        .components(separatedBy: "```").first)
    let golden = try String(
      contentsOf: Chapters.folder(3).appendingPathComponent("trace.txt"), encoding: .utf8)
    #expect(section.contains("Chapters/03-single-container/trace.txt"))
    #expect(block.hasPrefix("── step 2: sign-up "))
    #expect(golden.contains("\n" + block))
    // One step: it ends where the next begins.
    #expect(golden.contains("\n" + block + "\n── step 3: sign-out "))
  }
}
