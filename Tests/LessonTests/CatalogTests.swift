import ChapterTestSupport
import Foundation
import KooberRules
import KooberStory
import Testing
import TracePictures
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
    // The test support's one list of compositions is the catalog's, chapter for chapter.
    #expect(Chapters.all.map(\.chapter.number) == ChapterCatalog.numbers)
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

  // MARK: - The map of `Chapters/`

  /// One exercise's row of `Chapters/README.md`:
  /// `| N | [title](folder/) | `Chapters/folder` | chapter | [lesson](lesson.md) |`, the chapter
  /// a number or `—`, every link relative to `Chapters/`.
  struct MapExerciseRow: Equatable {
    let number: Int
    let title: String
    let link: String
    let folder: String
    let chapter: Int?
    let lesson: String
  }

  /// One chapter's row of `Chapters/README.md`:
  /// `| N | [title](folder/README.md) | `Chapters/folder` | exercise |`.
  struct MapChapterRow: Equatable {
    let number: Int
    let title: String
    let lesson: String
    let folder: String
    let exercise: Int
  }

  /// The map of every lesson and exercise, in `language`.
  static func map(in language: Language) throws -> String {
    try text("Chapters/README\(language.documentSuffix).md")
  }

  static func exerciseRows(in map: String) -> [MapExerciseRow] {
    let row =
      /^\| (\d+) \| \[([^\]]+)\]\(([^)\s]+\/TASK(?:\.ko)?\.md)\) \| `([^`]+)` \| (\d+|—) \| \[[^\]]+\]\(([^)\s]+)\) \|$/
    return map.split(separator: "\n").compactMap { line in
      guard let match = line.wholeMatch(of: row), let number = Int(match.1) else { return nil }
      return MapExerciseRow(
        number: number, title: String(match.2), link: String(match.3), folder: String(match.4),
        chapter: Int(match.5), lesson: String(match.6))
    }
  }

  static func chapterRows(in map: String) -> [MapChapterRow] {
    let row =
      /^\| (\d+) \| \[([^\]]+)\]\(([^)\s]+\/README(?:\.ko)?\.md)\) \| `([^`]+)` \| (\d+) \|$/
    return map.split(separator: "\n").compactMap { line in
      guard let match = line.wholeMatch(of: row), let number = Int(match.1),
        let exercise = Int(match.5)
      else { return nil }
      return MapChapterRow(
        number: number, title: String(match.2), lesson: String(match.3), folder: String(match.4),
        exercise: exercise)
    }
  }

  /// `path` (from the package root, under `Chapters/`) as a link from `Chapters/README.md`.
  static func fromChapters(_ path: String) -> String {
    String(path.dropFirst("Chapters/".count))
  }

  /// The chapter an exercise is cut from or lives in: the one whose module its solution links,
  /// or whose folder it shares.
  static func chapter(of exercise: Exercise) -> ChapterCatalog.Entry? {
    ChapterCatalog.all.first {
      exercise.chapterSources == "Sources/\($0.module)" || exercise.folder == $0.folder
    }
  }

  /// The map lists every exercise of the catalog, in order, each once: its number, its title in
  /// the map's language, a link to its task in that language and its folder, and, where the catalog
  /// says which chapter it comes from, that chapter and its lesson.
  @Test(arguments: Language.allCases)
  func theMapListsEveryExerciseAsTheCatalogHasIt(language: Language) throws {
    let rows = Self.exerciseRows(in: try Self.map(in: language))
    #expect(rows.map(\.number) == Exercise.all.map(\.number), "the map's exercises")
    for exercise in Exercise.all {
      let row = try #require(
        rows.first { $0.number == exercise.number },
        "exercise \(exercise.number) is not in the map")
      #expect(row.title == exercise.title.text(in: language), "exercise \(exercise.number)")
      #expect(
        row.link == Self.fromChapters(exercise.folder) + "/TASK\(language.documentSuffix).md",
        "exercise \(exercise.number)")
      #expect(row.folder == exercise.folder, "exercise \(exercise.number)")
      if let chapter = Self.chapter(of: exercise) {
        #expect(row.chapter == chapter.number, "exercise \(exercise.number)")
      }
      // A chapter named is one of the catalog's, and the lesson is that chapter's.
      if let number = row.chapter {
        let chapter = try #require(ChapterCatalog.entry(number), "exercise \(exercise.number)")
        #expect(
          row.lesson == Self.fromChapters(chapter.folder) + "/README\(language.documentSuffix).md",
          "exercise \(exercise.number)")
      }
      #expect(
        FileManager.default.fileExists(
          atPath: Chapters.packageRoot.appendingPathComponent("Chapters/" + row.lesson).path),
        "exercise \(exercise.number): \(row.lesson)")
    }
  }

  /// The map's opening sentence says how the exercises are numbered: from 1 to the catalog's
  /// last (it said 15 for a stop after exercise 16 was added).
  @Test(arguments: Language.allCases)
  func theMapSaysHowManyExercisesThereAre(language: Language) throws {
    let last = try #require(Exercise.all.last).number
    let sentence =
      switch language {
      case .english: "known by its number, 1 to \(last), and"
      case .korean: "연습 문제는 1부터 \(last)까지의 번호로"
      }
    #expect(try Self.map(in: language).contains(sentence))
  }

  /// A page read once an exercise passes exists in both languages, and no lesson, task or map
  /// links it: it would answer the exercise if read before (exercise 12's trial read chapter 4's
  /// section on the book's ride request, then at the end of the lesson it was sent to).
  @Test(arguments: Exercise.all.filter { $0.readAfterPassing != nil })
  func aPageReadAfterPassingIsLinkedFromNoLesson(exercise: Exercise) throws {
    let page = try #require(exercise.readAfterPassing)
    let korean = String(page.dropLast(".md".count)) + ".ko.md"
    for path in [page, korean] {
      #expect(
        FileManager.default.fileExists(
          atPath: Chapters.packageRoot.appendingPathComponent(path).path))
    }
    let name = String(page.split(separator: "/").last ?? "")
    let chapters = Chapters.packageRoot.appendingPathComponent("Chapters")
    let documents = try FileManager.default.subpathsOfDirectory(atPath: chapters.path)
    for document in documents where document.hasSuffix(".md") && !document.hasPrefix("TEACHING") {
      let text = try String(
        contentsOf: chapters.appendingPathComponent(document), encoding: .utf8)
      #expect(
        !text.contains("](\(name)") && !text.contains("/\(name)"), "\(document) links \(name)")
    }
  }

  /// The map lists every chapter of the catalog, in order: its lesson, its folder and the
  /// exercise in that folder (chapter 6's is exercise 10), its title the lesson's own.
  @Test(arguments: Language.allCases)
  func theMapListsEveryChapterAsTheCatalogHasIt(language: Language) throws {
    let rows = Self.chapterRows(in: try Self.map(in: language))
    #expect(rows.map(\.number) == ChapterCatalog.numbers, "the map's chapters")
    for chapter in ChapterCatalog.all {
      let row = try #require(
        rows.first { $0.number == chapter.number }, "chapter \(chapter.number) is not in the map")
      let lesson = "README\(language.documentSuffix).md"
      #expect(row.lesson == Self.fromChapters(chapter.folder) + "/" + lesson)
      #expect(row.folder == chapter.folder)
      let exercise = try #require(Exercise.all.first { $0.folder == chapter.folder })
      #expect(row.exercise == exercise.number, "chapter \(chapter.number)")
      let heading = try Self.text(chapter.folder + "/" + lesson).prefix { $0 != "\n" }
      switch language {
      case .english: #expect(String(heading) == "# Chapter \(chapter.number) — \(row.title)")
      case .korean: #expect(row.title == chapter.koreanTitle)
      }
    }
  }

  /// The row formats find rows: a well-formed row of each kind parses, and one whose folder is
  /// not a link does not.
  @Test func theMapsRowsParse() {
    let exercise =
      """
      | 6 | [Bug hunt](bug-hunts/exercise-06-captive-session/TASK.md) | \
      `Chapters/bug-hunts/exercise-06-captive-session` \
      | 4 | [Container hierarchy](04-container-hierarchy/README.md) |
      """
    #expect(
      Self.exerciseRows(in: exercise) == [
        MapExerciseRow(
          number: 6, title: "Bug hunt", link: "bug-hunts/exercise-06-captive-session/TASK.md",
          folder: "Chapters/bug-hunts/exercise-06-captive-session", chapter: 4,
          lesson: "04-container-hierarchy/README.md")
      ])
    #expect(
      Self.exerciseRows(
        in: exercise.replacing("(bug-hunts/exercise-06-captive-session/TASK.md)", with: "")
      )
      .isEmpty)
    let chapter =
      """
      | 6 | [Runtime container](06-runtime-container/README.md) | `Chapters/06-runtime-container` \
      | 10 |
      """
    #expect(
      Self.chapterRows(in: chapter) == [
        MapChapterRow(
          number: 6, title: "Runtime container", lesson: "06-runtime-container/README.md",
          folder: "Chapters/06-runtime-container", exercise: 10)
      ])
    #expect(Self.exerciseRows(in: chapter).isEmpty && Self.chapterRows(in: exercise).isEmpty)
  }
}
