import ChapterTestSupport
import Foundation
import KooberRules
import Testing
import WorkbookRunner

/// The lessons quote real code: every ```swift block in `Chapters/NN-*/README*.md` (and in the
/// pages beside them, such as `in-practice/README*.md`) must be lines that exist, consecutively,
/// in one of the files the lesson names under its `## Files` heading (so it compiles, because the
/// package does, and it is the file the reader is sent to). A line `// …` inside a block skips
/// code; each run between skips is checked on its own (a lesson may quote its chapter's tests,
/// named there too, as it quotes `Sources/`). An exercise's task and hints (`TASK*.md`,
/// `HINTS*.md`) may quote `Sources/` or its solution.
@Suite struct LessonExcerptTests {
  /// A lesson file and its Swift blocks.
  struct Lesson: CustomTestStringConvertible, Sendable {
    let path: String
    let blocks: [[String]]
    /// The `Sources/…` files its `## Files` section links to.
    var files: [String] = []
    var testDescription: String { path }
  }

  static let lessons: [Lesson] = {
    let chapters = Chapters.packageRoot.appendingPathComponent("Chapters")
    let folders = ((try? FileManager.default.contentsOfDirectory(atPath: chapters.path)) ?? [])
      .filter { $0.first?.isNumber == true || $0 == "why-di" }
    // Each lesson, and its further pages in folders of their own (chapter 6's `in-practice/`).
    return folders.sorted().flatMap { folder -> [Lesson] in
      let pages = Chapters.lessonPages(in: chapters.appendingPathComponent(folder))
      return (["README.md", "README.ko.md"] + pages).map { name in
        let path = "Chapters/\(folder)/\(name)"
        let text =
          (try? String(
            contentsOf: Chapters.packageRoot.appendingPathComponent(path), encoding: .utf8)) ?? ""
        return Lesson(
          path: path, blocks: swiftBlocks(in: text),
          files: namedFiles(in: text, folder: "Chapters/\(folder)"))
      }
    }
  }()

  /// The `Sources/…` files a lesson's `## Files` (or `## 파일`) section links to, from the links'
  /// targets (`](../../Sources/…)`), in the order listed; and a Swift file of the lesson's own
  /// `swiftui/` package (chapter 7's, which the workbook's package does not build), by its path
  /// from the package root.
  static func namedFiles(in markdown: String, folder: String = "") -> [String] {
    var files: [String] = []
    var inFiles = false
    for line in markdown.components(separatedBy: "\n") {
      if line.hasPrefix("## ") { inFiles = line == "## Files" || line == "## 파일" }
      guard inFiles else { continue }
      for target in line.components(separatedBy: "](").dropFirst() {
        let path = target.prefix { $0 != ")" }
        if path.hasPrefix("swiftui/"), path.hasSuffix(".swift") {
          files.append("\(folder)/\(path)")
        } else if let start = path.range(of: "Sources/") ?? path.range(of: "Tests/") {
          files.append(String(path[start.lowerBound...]))
        }
      }
    }
    return files
  }

  /// Every exercise's task and hints in both languages, with the solution they may quote.
  static let exerciseTexts: [(lesson: Lesson, solution: String)] = {
    let root = Chapters.packageRoot
    return Exercise.all.map(\.folder).flatMap { folder in
      ["TASK.md", "TASK.ko.md", "HINTS.md", "HINTS.ko.md"].map { name in
        let path = "\(folder)/\(name)"
        let text =
          (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
        return (Lesson(path: path, blocks: swiftBlocks(in: text)), "\(folder)/solution")
      }
    }
  }()

  /// Each Swift file under `Sources/`, the exercises' solutions and chapter 7's SwiftUI package,
  /// as its non-blank lines,
  /// trimmed, by its path from the package root.
  static let quotable: [String: [String]] = {
    var files: [String: [String]] = [:]
    for folder in ["Sources", "Tests", "Chapters"] {
      let root = Chapters.packageRoot.appendingPathComponent(folder)
      let walker = FileManager.default.enumerator(atPath: root.path)
      while let relative = walker?.nextObject() as? String {
        guard relative.hasSuffix(".swift"),
          folder != "Chapters" || relative.contains("/solution/")
            || relative.contains("/swiftui/Sources/"),
          let text = try? String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
        else { continue }
        // A solution as the learner's file reads once solved: without its markers.
        let solved = folder != "Chapters" ? text : StarterGenerator.chapterFile(from: text)
        files["\(folder)/\(relative)"] = normalised(solved.components(separatedBy: "\n"))
      }
    }
    return files
  }()

  /// Each Swift file under `Sources/`, as its non-blank lines, trimmed.
  static let sources: [String: [String]] = {
    let root = Chapters.packageRoot.appendingPathComponent("Sources")
    var files: [String: [String]] = [:]
    let walker = FileManager.default.enumerator(atPath: root.path)
    while let relative = walker?.nextObject() as? String {
      guard relative.hasSuffix(".swift"),
        let text = try? String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
      else { continue }
      files[relative] = normalised(text.components(separatedBy: "\n"))
    }
    return files
  }()

  static func swiftBlocks(in markdown: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in markdown.components(separatedBy: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if current != nil, trimmed == "```" {
        blocks.append(current ?? [])
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  static func normalised(_ lines: [String]) -> [String] {
    lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// The runs of a block between `// …` lines.
  static func segments(of block: [String]) -> [[String]] {
    var segments: [[String]] = [[]]
    for line in normalised(block) {
      if line == "// …" { segments.append([]) } else { segments[segments.count - 1].append(line) }
    }
    return segments.filter { !$0.isEmpty }
  }

  /// Whether `segment` is in one of `files` (paths from the package root), or in any file
  /// under `Sources/` when `files` is `nil`.
  static func isQuoted(_ segment: [String], in files: [String]? = nil) -> Bool {
    quotable.contains { path, file in
      (files?.contains(path) ?? path.hasPrefix("Sources/")) && contains(file, segment)
    }
  }

  @Test func everyExerciseTextQuotesSourcesOrItsSolution() {
    for (lesson, solution) in Self.exerciseTexts {
      #expect(!lesson.path.isEmpty)
      for block in lesson.blocks {
        for segment in Self.segments(of: block) {
          let found = Self.quotable.contains { path, file in
            (path.hasPrefix("Sources/") || path.hasPrefix(solution + "/"))
              && Self.contains(file, segment)
          }
          #expect(
            found,
            "\(lesson.path): not found in Sources/ or \(solution)/:\n\(segment.joined(separator: "\n"))"

          )
        }
      }
    }
  }

  @Test func everyExerciseHasItsTextsInBothLanguages() {
    #expect(Self.exerciseTexts.count == 4 * Exercise.all.count)
    for (lesson, _) in Self.exerciseTexts {
      let text = try? String(
        contentsOf: Chapters.packageRoot.appendingPathComponent(lesson.path), encoding: .utf8)
      #expect(text?.isEmpty == false, "\(lesson.path) is missing")
    }
  }

  /// The checker prints each rule by its statement, never by its id: a task or a hint names a
  /// rule as the learner sees it (“one MainViewModel is every screen's responder”), not as
  /// `one-main-view-model`, outside the code it quotes.
  @Test func tasksAndHintsNameRulesAsTheCheckerPrintsThem() throws {
    let ids = Set(Exercise.all.flatMap(\.rules))
    for (lesson, _) in Self.exerciseTexts {
      let text = try String(
        contentsOf: Chapters.packageRoot.appendingPathComponent(lesson.path), encoding: .utf8)
      // The prose: every other piece between code fences.
      let prose = text.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }
      for (_, piece) in prose {
        for match in piece.matches(of: /`([a-z0-9-]+)`/)
        where ids.contains(RuleID(rawValue: String(match.1))) {
          Issue.record("\(lesson.path) names the rule `\(match.1)` by its id")
        }
      }
    }
  }

  static func contains(_ file: [String], _ segment: [String]) -> Bool {
    guard file.count >= segment.count else { return false }
    return (0...(file.count - segment.count)).contains { start in
      file[start..<(start + segment.count)].elementsEqual(segment)
    }
  }

  /// The files under `folder` (relative to the package root), by path from the root.
  static func walk(_ folder: String) -> [String] {
    var paths: [String] = []
    let walker = FileManager.default.enumerator(
      atPath: Chapters.packageRoot.appendingPathComponent(folder).path)
    while let relative = walker?.nextObject() as? String { paths.append("\(folder)/\(relative)") }
    return paths.sorted()
  }

  /// Every Korean text follows `Chapters/GLOSSARY.md`: none uses a term it rules out.
  @Test func koreanTextsUseTheGlossarysTerms() throws {
    let root = Chapters.packageRoot
    var texts = ["README.ko.md", "CONTRIBUTING.ko.md"]
    let walker = FileManager.default.enumerator(
      atPath: root.appendingPathComponent("Chapters").path)
    while let relative = walker?.nextObject() as? String {
      if relative.hasSuffix(".ko.md") { texts.append("Chapters/\(relative)") }
    }
    #expect(texts.count >= 25)  // README, CONTRIBUTING, the lessons, the guides, tasks, hints
    let ruledOut = [
      "역참조", "이제서야", "상태를 가진 집", "리스폰더", "응답 객체",
      "웰컴 화면", "충돌", "속성", "이야기",
      "저장소(repository)", "세션 저장소", "스텁 저장소",
      "로그인 스코프", "로그인 화면들은", "가짜로 로그인",
      "운영 서버", "경계(seam)", "HTTP 경계", "보관자",
      "전이됩니다", "관리자", "크래시했", "크래시하면", "약한 참조(weak, unowned)",
      // Conformance is 준수하다, a captor 가둔 쪽 (the Korean review of 1053f63).
      "프로토콜을 따르", "프로토콜을 따라", "붙잡는 쪽(captor)", "붙잡은 객체(captor)",
      // At launch is 앱이 시작할 때 (the same review).
      "실행 시작 때",
    ]
    // The Swift sources' Korean strings too: what the checker, the runner and the explorer say.
    let sources = Self.walk("Sources").filter { $0.hasSuffix(".swift") }
    #expect(sources.count > 50)
    for path in texts + sources {
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      let used = ruledOut.filter { text.contains($0) }
      #expect(used.isEmpty, "\(path) uses \(used); see Chapters/GLOSSARY.md")
      // The walk is 그래프 탐색, not 워크 (the Korean trial of exercise 12); 프레임워크, 네트워크,
      // 워크북 and 워크플로 are other words.
      let walk = text.ranges(of: "워크").filter { range in
        !["임", "트"].contains(text[..<range.lowerBound].last.map(String.init) ?? "")
          && !["북", "플"].contains(text[range.upperBound...].first.map(String.init) ?? "")
      }
      #expect(walk.isEmpty, "\(path) writes 워크 for the walk; see Chapters/GLOSSARY.md")
      // A particle is chosen from the word before it (`KoreanParticle`), never both forms.
      let fallbacks = ["이(가)", "을(를)", "은(는)", "과(와)", "와(과)", ")(으)로", "`(으)로"]
        .filter { text.contains($0) && !path.hasSuffix("KoreanParticle.swift") }
      #expect(fallbacks.isEmpty, "\(path) writes \(fallbacks); use KoreanParticle")
      guard path.hasSuffix(".md") else { continue }
      // A Korean text's `workbook hint N` asks for the Korean hints.
      for command in text.components(separatedBy: "workbook hint ").dropFirst() {
        let rest = command.prefix { $0 != "`" && $0 != "\n" }
        #expect(rest.contains("--lang ko"), "\(path): `workbook hint \(rest)` needs --lang ko")
      }
    }
    #expect(
      FileManager.default.fileExists(
        atPath: root.appendingPathComponent("Chapters/GLOSSARY.md").path))
  }

  @Test func everyChapterHasAnEnglishAndAKoreanLesson() {
    // "Why DI" and every chapter, in two languages, and each chapter's further pages.
    let pages = Chapters.numbers.flatMap { Chapters.lessonPages($0) }
    #expect(Self.lessons.count == 2 * (1 + Chapters.numbers.count) + pages.count)
    let secondPage = "Chapters/06-runtime-container/in-practice/README.md"
    #expect(Self.lessons.contains { $0.path == secondPage }, "\(secondPage) is not read")
    for lesson in Self.lessons {
      #expect(!lesson.blocks.isEmpty, "\(lesson.path) is missing or quotes no code")
    }
  }

  @Test(arguments: lessons)
  func everySwiftExcerptExistsInAFileTheLessonNames(lesson: Lesson) {
    #expect(!lesson.files.isEmpty, "\(lesson.path) names no Sources/ file under ## Files")
    for block in lesson.blocks {
      for segment in Self.segments(of: block) {
        let named = lesson.files.joined(separator: ", ")
        let quoted = segment.joined(separator: "\n")
        #expect(
          Self.isQuoted(segment, in: lesson.files),
          "\(lesson.path): not found in the files it names (\(named)):\n\(quoted)")
      }
    }
  }

  /// "Why DI" says app classes know nothing about containers: no line of KooberKit's code
  /// (comments aside) names one.
  @Test func appClassesNameNoContainer() {
    let kit = Self.sources.filter { $0.key.hasPrefix("KooberKit/") }
    #expect(kit.count > 10)
    for (path, lines) in kit {
      for line in lines where !line.hasPrefix("//") && line.contains("Container") {
        Issue.record("Sources/\(path) names a container: \(line)")
      }
    }
  }

  @Test func theCheckerRejectsCodeThatIsNotThere() {
    #expect(
      Self.isQuoted(["public final class KooberUserSessionRepository: UserSessionRepository {"]))
    #expect(!Self.isQuoted(["public final class KooberUserSessionRepository: SomethingElse {"]))
    // A line of chapter 4's container is not a quote of chapter 3's, even where they agree.
    let line =
      "public init(userSession: UserSession, appDependencyContainer: KooberAppDependencyContainer) {"
    #expect(
      Self.isQuoted(
        [line], in: ["Sources/Chapter4ContainerHierarchy/KooberSignedInDependencyContainer.swift"]))
    #expect(
      !Self.isQuoted(
        [line], in: ["Sources/Chapter3SingleContainer/KooberAppDependencyContainer.swift"]))
    let files =
      """
      ## Files\n\n- [Sources/A/B.swift](../../Sources/A/B.swift), [C.swift](../../Sources/A/C.swift)\
      \n## Next\n- [Sources/D.swift](../../Sources/D.swift)
      """
    #expect(Self.namedFiles(in: files) == ["Sources/A/B.swift", "Sources/A/C.swift"])
    #expect(
      Self.segments(of: ["let a = 1", "  // …", "let b = 2", ""]) == [["let a = 1"], ["let b = 2"]])
  }
}
