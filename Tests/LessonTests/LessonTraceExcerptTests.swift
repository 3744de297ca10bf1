import ChapterTestSupport
import Foundation
import Testing

/// The lessons quote real output too: every line of a ```text block in `Chapters/NN-*/README*.md`
/// and the pages beside them (`in-practice/README*.md`), a diff's `< ` or `> ` set aside, is a
/// line the executables print — in a golden file, or in the output of the runs the lessons show
/// (`--format facts`, `--server local`, `--preview profile`, the mistakes).
@Suite struct LessonTraceExcerptTests {
  /// Every line the lessons may quote, trailing spaces trimmed.
  static func printedLines() throws -> Set<Substring> {
    var text = ""
    for chapter in Chapters.numbers {
      for golden in ["trace.txt", "graph.md", "timeline.md"] {
        text += try String(
          contentsOf: Chapters.folder(chapter).appendingPathComponent(golden), encoding: .utf8)
      }
      text += try ExecutableRun.shared("chapter\(chapter)", ["--format", "facts"]).standardOutput
    }
    for arguments in [
      ["--server", "local"], ["--server", "local", "--format", "facts"], ["--preview", "profile"],
      ["--server", "dev"],
    ] {
      text += try ExecutableRun.shared("chapter5", arguments).standardOutput
    }
    text += try ExecutableRun.shared("chapter6", ["--mistake", "wrong-scope", "--verify", "off"])
      .standardOutput
    for mistake in ["escaped-override", "wrong-scope", "kept-overrides"] {
      text += try ExecutableRun.shared("chapter7", ["--mistake", mistake]).standardOutput
    }
    return Set(text.split(separator: "\n").map(Self.trimmed))
  }

  static func trimmed(_ line: Substring) -> Substring {
    var line = line
    while line.last == " " { line = line.dropLast() }
    return line
  }

  @Test func everyQuotedTraceLineIsPrinted() throws {
    let printed = try Self.printedLines()
    var checked = 0
    for chapter in Chapters.numbers {
      for name in ["README.md", "README.ko.md"] + Chapters.lessonPages(chapter) {
        let markdown = try String(
          contentsOf: Chapters.folder(chapter).appendingPathComponent(name), encoding: .utf8)
        for block in Self.textBlocks(in: markdown) {
          for line in block where !line.isEmpty && line != "…" && line != "---" {
            var quoted = Substring(line)
            if quoted.hasPrefix("< ") || quoted.hasPrefix("> ") { quoted = quoted.dropFirst(2) }
            if quoted.first?.isNumber == true,
              quoted.contains("c") || quoted.contains("a")
                || quoted.contains("d"), quoted.allSatisfy({ $0.isNumber || "acd,".contains($0) })
            {
              continue  // a diff's hunk header, e.g. `20c20,24`
            }
            checked += 1
            #expect(
              printed.contains(Self.trimmed(quoted)),
              "Chapters/\(chapter) \(name) quotes a line no run prints:\n\(quoted)")
          }
        }
      }
    }
    #expect(checked > 100)
  }

  static func textBlocks(in markdown: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in markdown.components(separatedBy: "\n") {
      if current == nil, line.trimmingCharacters(in: .whitespaces) == "```text" {
        current = []
      } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
        blocks.append(current ?? [])
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }
}
