import Bilingual
import Foundation
import KooberRules
import ObjectTrace

/// An exercise's texts in one language: its task and its hints.
public struct ExerciseTexts: Sendable {
  /// `TASK.md` or `TASK.ko.md`, from the exercise's folder.
  public static func taskFile(_ exercise: Exercise, language: Language) -> String {
    exercise.folder + "/TASK\(language.documentSuffix).md"
  }

  /// `HINTS.md` or `HINTS.ko.md`, from the exercise's folder.
  public static func hintsFile(_ exercise: Exercise, language: Language) -> String {
    exercise.folder + "/HINTS\(language.documentSuffix).md"
  }

  /// The hints of a hints file: the text under each `## ` heading, in order.
  public static func hints(in text: String) -> [String] {
    var hints: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") {
        if let current { hints.append(trimmed(current)) }
        current = []
      } else if current != nil {
        current?.append(line)
      }
    }
    if let current { hints.append(trimmed(current)) }
    return hints.filter { !$0.isEmpty }
  }

  private static func trimmed(_ lines: [Substring]) -> String {
    var lines = lines[...]
    while lines.first?.allSatisfy(\.isWhitespace) == true { lines = lines.dropFirst() }
    while lines.last?.allSatisfy(\.isWhitespace) == true { lines = lines.dropLast() }
    return lines.joined(separator: "\n")
  }
}
