import ChapterTestSupport
import Foundation
import KooberRules
import KooberStory
import Testing
import WorkbookRunner

/// Every list of chapters and exercises agrees with the two catalogs, `ChapterCatalog` and
/// `Exercise.all`: adding a chapter is one catalog entry plus its own files.
@Suite struct CatalogTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: Chapters.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The `(number, "text")` pairs of the manifest's list named `name`.
  static func manifestList(_ name: String) throws -> [(Int, String)] {
    let manifest = try text("Package.swift")
    let declaration = try #require(manifest.range(of: "let \(name): "))
    let start = try #require(manifest[declaration.upperBound...].range(of: "= [\n"))
    let list = try #require(manifest[start.upperBound...].components(separatedBy: "\n]").first)
    return list.matches(of: /\((\d+), "([^"]+)"[,)]/).compactMap { match in
      Int(match.1).map { ($0, String(match.2)) }
    }
  }

  @Test func theManifestsChaptersAreTheCatalogs() throws {
    let listed = try Self.manifestList("chapters")
    #expect(listed.map(\.0) == ChapterCatalog.numbers)
    #expect(listed.map(\.1) == ChapterCatalog.all.map(\.module))
  }

  /// A chapter's Korean title is its Korean lesson's, and its Korean picture shows it where the
  /// English one shows the composition's English title.
  @Test(arguments: ChapterCatalog.all)
  func theKoreanPicturesTitleIsTheKoreanLessons(chapter: ChapterCatalog.Entry) throws {
    let lesson = try Self.text(chapter.folder + "/README.ko.md")
    #expect(lesson.hasPrefix("# \(chapter.number)장 — \(chapter.koreanTitle)("))
    let picture = chapter.lessonStep.map { "\($0.name).ko.svg" } ?? "preview-profile.ko.svg"
    let svg = try Self.text(chapter.folder + "/" + picture)
    #expect(svg.contains(">\(chapter.number)장: \(chapter.koreanTitle) — "))
  }

  @Test func theManifestsExercisesAreTheCatalogs() throws {
    let listed = try Self.manifestList("exercises")
    #expect(listed.map(\.0) == Exercise.all.map(\.number))
    #expect(listed.map(\.1) == Exercise.all.map(\.folder))
  }

  /// The chapter folders on disk are the catalog's, and each chapter the tests play is the one
  /// the catalog numbers.
  @Test func theChapterFoldersAndCompositionsAreTheCatalogs() throws {
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: Chapters.packageRoot.appendingPathComponent("Chapters").path
    ).filter { $0.first?.isNumber == true }.sorted()
    #expect(folders.map { "Chapters/\($0)" } == ChapterCatalog.all.map(\.folder))
    for number in Chapters.numbers {
      #expect(Chapters.chapter(number).number == number)
    }
  }

  /// No test lists chapters by hand: a parameterized test takes its chapters from the catalog
  /// (its fields say which: `keepsGlobals`, `keepsObjectsPastTheirScope`, …), so that a new
  /// chapter is tested where it should be. (The exit tests' `case 1:`/`case 2:` are literals by
  /// necessity, and a test checks them against `keepsGlobals`.)
  @Test func noTestListsChaptersByHand() throws {
    let tests = Chapters.packageRoot.appendingPathComponent("Tests")
    let files = FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String }
    for file in (files ?? []).filter({ $0.hasSuffix(".swift") }) {
      let text = try Self.text("Tests/" + file)
      let listed =
        text.matches(of: /arguments: \[\d+(, \d+)*\]/).count
        + text.matches(of: /\[\d+(, \d+)+\]\.contains\((chapter|number)\)/).count
      #expect(listed == 0, "Tests/\(file) lists chapters by hand")
    }
  }

  /// CI's loops over the chapters take them from the folders, and the bench its exercises from
  /// the manifest, not from a list of their own.
  @Test func ciListsNoChapterOrExerciseNumbers() throws {
    for script in [".ci/run", ".ci/record-goldens", ".ci/bench"] {
      let text = try Self.text(script)
      #expect(!text.contains("for number in 1 2 3"), "\(script) lists the chapters itself")
      #expect(!text.contains("range(1, 10)"), "\(script) lists the exercises itself")
    }
  }

  /// The GitHub workflow starts the exercises whose executables run the learner's tests and
  /// expects the untouched workbook to score 0 of every exercise's points: the numbers it writes
  /// are the catalog's.
  @Test func theWorkflowsNumbersAreTheCatalogs() throws {
    let workflow = try Self.text(".github/workflows/ci.yml")
    let testing = Exercise.all.filter(\.gradesTests).map { String($0.number) }
    let loops = workflow.matches(of: /for n in ([\d ]+); do/).map { String($0.1) }
    #expect(!loops.isEmpty)
    for loop in loops { #expect(loop.split(separator: " ").map(String.init) == testing) }
    let points = Exercise.all.count * GraderReport.Entry.pointsPerExercise
    let expected = workflow.matches(of: /0 of (\d+) points/).map { Int($0.1) }
    #expect(!expected.isEmpty)
    #expect(expected.allSatisfy { $0 == points }, "ci.yml expects \(expected), not \(points)")
  }

  /// TEACHING names the exercises that check all twelve shared rules, in both languages, as the
  /// catalog has them ("4, 6–8 and 10"; "4번, 6~8번, 10번").
  @Test func teachingNamesTheExercisesThatCheckTheSharedRules() throws {
    let numbers = Exercise.all.filter { $0.rules == Rule.shared.map(\.id) }.map(\.number)
    var runs: [[Int]] = []
    for number in numbers {
      if let last = runs.last?.last, last + 1 == number {
        runs[runs.count - 1].append(number)
      } else {
        runs.append([number])
      }
    }
    func text(_ run: [Int], dash: String) -> String {
      run.count > 2
        ? "\(run[0])\(dash)\(run[run.count - 1])" : run.map(String.init).joined(separator: ", ")
    }
    let english = runs.map { text($0, dash: "–") }
    let korean = runs.map { text($0, dash: "~") + "번" }
    let englishList = english.dropLast().joined(separator: ", ") + " and " + (english.last ?? "")
    #expect(
      try Self.text("Chapters/TEACHING.md").contains(
        "Exercises \(englishList) check the first twelve rules."))
    #expect(
      try Self.text("Chapters/TEACHING.ko.md").contains(
        korean.joined(separator: ", ") + "은 위의 공통 규칙 열두 개를 모두 검사합니다."))
  }
}
