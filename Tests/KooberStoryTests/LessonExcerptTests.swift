import Foundation
import Testing

/// The lessons quote real code: every ```swift block in `Chapters/NN-*/README*.md` must be lines
/// that exist, consecutively, in one file under `Sources/` (so it compiles, because the package
/// does). A line `// …` inside a block skips code; each run between skips is checked on its own.
/// An exercise's task and hints (`TASK*.md`, `HINTS*.md`) may quote its solution too.
@Suite struct LessonExcerptTests {
  /// A lesson file and its Swift blocks.
  struct Lesson: CustomTestStringConvertible, Sendable {
    let path: String
    let blocks: [[String]]
    var testDescription: String { path }
  }

  static let lessons: [Lesson] = {
    let chapters = Chapters.packageRoot.appendingPathComponent("Chapters")
    let folders = ((try? FileManager.default.contentsOfDirectory(atPath: chapters.path)) ?? [])
      .filter { $0.first?.isNumber == true }
    return folders.sorted().flatMap { folder in
      ["README.md", "README.ko.md"].map { name in
        let path = "Chapters/\(folder)/\(name)"
        let text =
          (try? String(
            contentsOf: Chapters.packageRoot.appendingPathComponent(path), encoding: .utf8)) ?? ""
        return Lesson(path: path, blocks: swiftBlocks(in: text))
      }
    }
  }()

  /// Every exercise's task and hints in both languages, with the solution they may quote.
  static let exerciseTexts: [(lesson: Lesson, solution: String)] = {
    let root = Chapters.packageRoot
    let folders = [
      "01-on-demand", "02-factories", "03-single-container",
      "04-container-hierarchy", "05-protocol-di", "bug-hunts/06-captive-session",
      "bug-hunts/07-two-main-view-models", "bug-hunts/08-retain-cycle",
    ]
    return folders.flatMap { folder in
      ["TASK.md", "TASK.ko.md", "HINTS.md", "HINTS.ko.md"].map { name in
        let path = "Chapters/\(folder)/\(name)"
        let text =
          (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
        return (Lesson(path: path, blocks: swiftBlocks(in: text)), "Chapters/\(folder)/solution")
      }
    }
  }()

  /// Each Swift file under `Sources/` and the exercises' solutions, as its non-blank lines,
  /// trimmed, by its path from the package root.
  static let quotable: [String: [String]] = {
    var files: [String: [String]] = [:]
    for folder in ["Sources", "Chapters"] {
      let root = Chapters.packageRoot.appendingPathComponent(folder)
      let walker = FileManager.default.enumerator(atPath: root.path)
      while let relative = walker?.nextObject() as? String {
        guard relative.hasSuffix(".swift"), folder == "Sources" || relative.contains("/solution/"),
          let text = try? String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
        else { continue }
        files["\(folder)/\(relative)"] = normalised(text.components(separatedBy: "\n"))
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

  static func isQuoted(_ segment: [String]) -> Bool {
    sources.values.contains { file in
      guard file.count >= segment.count else { return false }
      return (0...(file.count - segment.count)).contains { start in
        file[start..<(start + segment.count)].elementsEqual(segment)
      }
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
    #expect(Self.exerciseTexts.count == 32)
    for (lesson, _) in Self.exerciseTexts {
      let text = try? String(
        contentsOf: Chapters.packageRoot.appendingPathComponent(lesson.path), encoding: .utf8)
      #expect(text?.isEmpty == false, "\(lesson.path) is missing")
    }
  }

  static func contains(_ file: [String], _ segment: [String]) -> Bool {
    guard file.count >= segment.count else { return false }
    return (0...(file.count - segment.count)).contains { start in
      file[start..<(start + segment.count)].elementsEqual(segment)
    }
  }

  /// Every Korean text follows `Chapters/GLOSSARY.md`: none uses a term it rules out.
  @Test func koreanTextsUseTheGlossarysTerms() throws {
    let root = Chapters.packageRoot
    var texts = ["README.ko.md"]
    let walker = FileManager.default.enumerator(
      atPath: root.appendingPathComponent("Chapters").path)
    while let relative = walker?.nextObject() as? String {
      if relative.hasSuffix(".ko.md") { texts.append("Chapters/\(relative)") }
    }
    #expect(texts.count >= 23)  // README, 5 lessons, the teacher's guide, 8 tasks, 8 hints
    let ruledOut = ["역참조", "이제서야", "상태를 가진 집", "리스폰더", "응답 객체"]
    for path in texts {
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      for term in ruledOut {
        #expect(!text.contains(term), "\(path) uses \(term); see Chapters/GLOSSARY.md")
      }
    }
    #expect(
      FileManager.default.fileExists(
        atPath: root.appendingPathComponent("Chapters/GLOSSARY.md").path))
  }

  @Test func everyChapterHasAnEnglishAndAKoreanLesson() {
    #expect(Self.lessons.count == 10)
    for lesson in Self.lessons {
      #expect(!lesson.blocks.isEmpty, "\(lesson.path) is missing or quotes no code")
    }
  }

  @Test(arguments: lessons)
  func everySwiftExcerptExistsInSources(lesson: Lesson) {
    for block in lesson.blocks {
      for segment in Self.segments(of: block) {
        #expect(
          Self.isQuoted(segment),
          "\(lesson.path): not found in Sources/:\n\(segment.joined(separator: "\n"))")
      }
    }
  }

  @Test func theCheckerRejectsCodeThatIsNotThere() {
    #expect(
      Self.isQuoted(["public final class KooberUserSessionRepository: UserSessionRepository {"]))
    #expect(!Self.isQuoted(["public final class KooberUserSessionRepository: SomethingElse {"]))
    #expect(
      Self.segments(of: ["let a = 1", "  // …", "let b = 2", ""]) == [["let a = 1"], ["let b = 2"]])
  }
}
