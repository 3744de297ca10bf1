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
