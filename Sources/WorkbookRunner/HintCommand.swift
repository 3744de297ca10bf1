import Bilingual
import CommandLineKit
import Foundation
import KooberRules
import KooberStory
import ObjectTrace

/// `workbook hint N`: the next hint for an exercise, one more each time.
struct HintCommand: RunnerSubcommand {
  let output: RunnerOutput
  let exercise: Exercise

  func run() -> Int32 {
    let file = ExerciseTexts.hintsFile(exercise, language: language)
    guard let text = try? String(contentsOf: workspace.url(file), encoding: .utf8) else {
      complain(error: texts.cannotRead(file))
      return 1
    }
    let hints = ExerciseTexts.hints(in: text)
    guard !hints.isEmpty else {
      complain(error: texts.noHints(file))
      return 1
    }
    let next = { (state: ProgressState) in
      let entry = state[exercise.number]
      return min(entry.hintsShown + (entry.hintsReadAfterPassing ?? 0) + 1, hints.count)
    }
    let shown =
      record { state in
        let shown = next(state)
        // After a pass the learner reads on, but did not need it: a grader counts what was needed.
        if state[exercise.number].verdict == .pass {
          state[exercise.number].hintsReadAfterPassing = shown - state[exercise.number].hintsShown
        } else {
          state[exercise.number].hintsShown =
            shown - (state[exercise.number].hintsReadAfterPassing ?? 0)
        }
        return shown
      } ?? next(store.load())
    say(
      texts.hintOf(shown, hints.count)
        + " — \(exercise.number) · \(exercise.title.text(in: language))")
    say("")
    say(hints[shown - 1])
    say("")
    say(shown < hints.count ? texts.anotherHint(exercise.number) : texts.lastHint(exercise.number))
    return finish(0)
  }
}

// MARK: - The command line

extension HintCommand: RunnerCommand {
  static let name = "hint"
  static let maximumArguments = 1
  static let summary = Localized(
    en: """
        hint N                  the next hint for exercise N
      """,
    ko: """
        hint N                  연습 문제 N의 다음 힌트
      """)
  static let usage = Localized(
    en: "usage: workbook hint N [--lang en|ko]\n\nShows the next hint for exercise N; each "
      + "call shows one more.\n",
    ko: "사용법: workbook hint N [--lang en|ko]\n\n연습 문제 N의 다음 힌트를 보여 줍니다. "
      + "실행할 때마다 하나씩 더 나옵니다.\n")

  static func request(_ parsed: ParsedOptions, texts: RunnerTexts) -> Result<
    any RunnerRequest, RunnerCommandLine.Problem
  > {
    exercise(parsed, texts: texts).map { Request(exercise: $0) }
  }

  /// `workbook hint N`.
  struct Request: RunnerRequest, Equatable {
    let exercise: Int
    func subcommand(output: RunnerOutput) -> any RunnerSubcommand {
      HintCommand(output: output, exercise: .known(exercise))
    }
  }
}
