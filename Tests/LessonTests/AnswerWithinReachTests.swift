import ChapterTestSupport
import Foundation
import KooberRules
import Testing
import WorkbookRunner

/// No answer within reach before the check passes: what the learner writes (each marked region
/// of a solution, less what its starter already has) is not spelled out, line for line beyond a
/// few lines, in anything a learner reads first — the exercise's folder, its task, the lesson
/// beside it and its further pages, or any hint but the last.
@Suite struct AnswerWithinReachTests {
  /// How many consecutive lines of an answer may appear elsewhere: a signature and a line or two
  /// show a pattern without giving the answer.
  static let allowedRun = 3

  /// The lines the learner writes in `solution`: each region's code lines (trimmed, no blanks, no
  /// comments), less the lines its starter part has too.
  static func answers(in solution: String) throws -> [[String]] {
    try StarterGenerator.regions(in: solution).map { region in
      let given = Set(region.starter.map { $0.trimmingCharacters(in: .whitespaces) })
      return region.solution.map { $0.trimmingCharacters(in: .whitespaces) }.filter {
        !$0.isEmpty && !$0.hasPrefix("//") && !given.contains($0)
      }
    }
  }

  /// The longest run of consecutive `answer` lines that `text`'s lines also have in a row.
  static func longestRun(of answer: [String], in text: [String]) -> [String] {
    var best: ArraySlice<String> = []
    for start in answer.indices {
      for line in text.indices where text[line] == answer[start] {
        var length = 0
        while start + length < answer.count, line + length < text.count,
          answer[start + length] == text[line + length]
        {
          length += 1
        }
        if length > best.count { best = answer[start..<(start + length)] }
      }
    }
    return Array(best)
  }

  static func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  @Test(arguments: Exercise.all.map(\.number))
  func noAnswerIsSpelledOutBeforeTheCheckPasses(number: Int) throws {
    let exercise = try #require(Exercise.numbered(number))
    let root = Chapters.packageRoot
    let files = FileManager.default
    func read(_ path: String) -> String? {
      try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
    let solutions = try files.contentsOfDirectory(
      atPath: root.appendingPathComponent(exercise.solutionFolder).path
    ).filter { $0.hasSuffix(".swift") }
    let answers = try solutions.flatMap { name in
      try Self.answers(in: read(exercise.solutionFolder + "/" + name) ?? "")
    }
    var readers: [String: String] = [:]
    let exerciseFiles = try files.contentsOfDirectory(
      atPath: root.appendingPathComponent(exercise.exerciseFolder).path)
    for name in exerciseFiles where name.hasSuffix(".swift") {
      readers[exercise.exerciseFolder + "/" + name] = read(exercise.exerciseFolder + "/" + name)
    }
    // The lesson, with its further pages (chapter 6's `in-practice/`).
    let pages = Chapters.lessonPages(in: root.appendingPathComponent(exercise.folder))
    for name in ["TASK.md", "TASK.ko.md", "API.md", "API.ko.md", "README.md", "README.ko.md"]
      + pages
    {
      readers[exercise.folder + "/" + name] = read(exercise.folder + "/" + name)
    }
    for name in ["HINTS.md", "HINTS.ko.md"] {
      let hints = try #require(read(exercise.folder + "/" + name))
      let last = try #require(hints.range(of: "\n## ", options: .backwards))
      readers[exercise.folder + "/" + name + ", all but the last hint"] = String(
        hints[..<last.lowerBound])
    }
    for (path, text) in readers.sorted(by: { $0.key < $1.key }) {
      for answer in answers {
        let run = Self.longestRun(of: answer, in: Self.lines(text))
        #expect(
          run.count <= Self.allowedRun,
          """
          \(path) spells out \(run.count) lines of exercise \(number)'s answer:
          \(run.joined(separator: "\n"))
          """)
      }
    }
  }
}
