import Bilingual
import KooberRules
import KooberStory

// MARK: - A verdict, as `check`, `check --all` and `watch` print it

extension RunnerSubcommand {
  /// Prints a verdict: each rule ✓ or ✗ with its reason, and the next step.
  func describe(_ result: CheckResult, of exercise: Exercise) {
    let number = exercise.number
    switch result.status {
    case .compileError:
      say(texts.doesNotCompile)
      for error in result.compilerErrors { say(error) }
      say("")
      say(texts.compileErrorNext(number))
    case .todo:
      say(texts.notDoneYet(result.todo ?? "TODO"))
      if let step = result.unfinishedStep {
        say("  " + texts.reachedInStep(step.name) + (finished(result).map { "; \($0)" } ?? ""))
      }
      say("")
      say(texts.todoNext(number))
    case .pass, .fail:
      if let problem = result.problem {
        // No rule ran: say what stopped the run, which steps finished, and where to look.
        say("✗ \(problem)")
        if let finished = finished(result) { say("  " + finished) }
        say("")
        // An exercise with a story names its steps; its trace is offered when it has one.
        say(texts.problemNext(number, result.hasStepsToShow))
        return
      }
      for rule in result.rulesInReadingOrder {
        say("\(rule.status == .pass ? "✓" : "✗") \(rule.message(in: language))")
        // A rule a finding breaks points to the finding's reference page.
        if rule.status == .fail, let kind = rule.findingKind {
          say("  → \(ChapterCatalog.findingPages.page(kind, language: language))")
        }
      }
      for note in result.notes { say("ℹ \(note)") }
      let held = result.rules.filter { $0.status == .pass }.count
      say("")
      if result.status == .pass {
        let page = exercise.readAfterPassing.map { english in
          language == .korean ? String(english.dropLast(".md".count)) + ".ko.md" : english
        }
        say(texts.allRulesHold(held, number, page))
      } else {
        let firstMiss: RunnerTexts.FirstMiss =
          exercise.gradesTests ? .tests : exercise.playsTheStory ? .story : .plain
        say(texts.someRulesHold(held, result.rules.count, firstMiss, number))
      }
    }
  }

  /// `finished: launch, sign-up`, or `nil` when no step finished.
  private func finished(_ result: CheckResult) -> String? {
    result.finishedSteps.isEmpty
      ? nil : texts.finishedSteps(result.finishedSteps.map(\.name).joined(separator: ", "))
  }
}
