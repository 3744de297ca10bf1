import Bilingual
import CommandLineKit
import Foundation
import KooberRules
import KooberStory
import ObjectTrace

/// `workbook list`: every exercise and where the learner stands with it; works while an
/// exercise does not compile.
struct ListCommand: RunnerSubcommand {
  let output: RunnerOutput

  func run() -> Int32 {
    let state = store.load()
    say(texts.listTitle)
    var next: Exercise?
    let numberWidth = String(Exercise.all.map(\.number).max() ?? 0).count
    // The longest slug with its ✎, and a space: every title starts in one column.
    let slugWidth = (Exercise.all.map(\.slug.count).max() ?? 0) + 3
    for exercise in Exercise.all {
      let (standing, changed) = standing(of: exercise, in: state)
      let mark =
        switch standing {
        case .notStarted: "·"
        case .passed: "✓"
        case .failing: "✗"
        case .missing: "!"
        }
      if standing != .passed, next == nil { next = exercise }
      let slug = exercise.slug + (changed ? " ✎" : "")
      let padded = slug + String(repeating: " ", count: slugWidth - slug.count)
      let number = String(exercise.number)
      let column = String(repeating: " ", count: numberWidth - number.count) + number
      say("  \(column)  \(mark)  \(padded)\(exercise.title.text(in: language))")
    }
    say(texts.listLegend)
    say("")
    if let next {
      say(
        texts.listNext(
          ExerciseTexts.taskFile(next, language: language), next.exerciseFolder, next.number))
    } else {
      say(texts.everyExercisePasses)
    }
    return finish(0)
  }

  /// Where an exercise stands, as `list` shows it.
  enum Standing: Equatable {
    case notStarted, passed, failing, missing
  }

  /// The standing of `exercise` and whether its files changed since the last check.
  func standing(of exercise: Exercise, in state: ProgressState) -> (Standing, changed: Bool) {
    guard let files = try? workspace.learnerFiles(of: exercise) else { return (.missing, false) }
    let entry = state[exercise.number]
    let fingerprint = Workspace.fingerprint(files)
    guard entry.status != nil else {
      let starter = try? workspace.starterFiles(of: exercise)
      return (.notStarted, starter.map { $0 != files } ?? false)
    }
    return (entry.verdict == .pass ? .passed : .failing, entry.fingerprint != fingerprint)
  }
}

// MARK: - The command line

extension ListCommand: RunnerCommand {
  static let name = "list"
  static let summary = Localized(
    en: """
        list                    every exercise, and where you are with it
      """,
    ko: """
        list                    연습 문제 전체와 각 문제의 진행 상황
      """)
  static let usage = Localized(
    en: "usage: workbook list [--lang en|ko]\n\nShows every exercise: ✓ passed, ✗ failing, "
      + "· not started, ✎ changed since the last check.\n",
    ko: "사용법: workbook list [--lang en|ko]\n\n연습 문제 전체를 보여 줍니다: ✓ 통과, "
      + "✗ 실패, · 시작 전, ✎ 마지막 검사 뒤 바뀜.\n")

  static func request(_ parsed: ParsedOptions, texts: RunnerTexts) -> Result<
    any RunnerRequest, RunnerCommandLine.Problem
  > {
    .success(Request())
  }

  /// `workbook list`.
  struct Request: RunnerRequest, Equatable {
    func subcommand(output: RunnerOutput) -> any RunnerSubcommand { ListCommand(output: output) }
  }
}
