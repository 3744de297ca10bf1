import Foundation
import KooberRules
import KooberStory
import ObjectTrace

/// `workbook check --all`: every exercise, as text or as the grader's JSON (`json`).
struct CheckAllCommand: RunnerSubcommand {
  let output: RunnerOutput
  /// `--json`: the grader's report instead of the verdicts.
  let json: Bool

  func run() -> Int32 {
    var checked: [(number: Int, status: String, fingerprint: String, edited: Bool)] = []
    var entries: [GraderReport.Entry] = []
    for exercise in Exercise.all {
      if !json { say(texts.exerciseHeader(exercise.number, exercise.title.text(in: language))) }
      var result: CheckResult
      do {
        let files = try workspace.learnerFiles(of: exercise)
        result = try builder.check(exercise)
        checked.append(
          (
            exercise.number, result.status.rawValue, Workspace.fingerprint(files),
            !workspace.isStarter(files, of: exercise)
          ))
      } catch {
        result = CheckResult(status: .fail, problem: error.text(in: language))
      }
      if !json {
        describe(result, of: exercise)
        say("")
      }
      entries.append(GraderReport.Entry(exercise: exercise, result: result, language: language))
    }
    record { state in
      for (number, status, fingerprint, edited) in checked {
        state[number].status = status
        state[number].fingerprint = fingerprint
        if edited { state[number].everChecked = true }
      }
    }
    let report = GraderReport(exercises: entries, language: language)
    if json {
      say(report.json, trailingNewline: false)
    } else {
      say(texts.score(report.score, report.maxScore))
    }
    return finish(report.status == .pass ? 0 : 1)
  }
}

extension CheckAllCommand {
  /// `workbook check --all [--json]`: declared with `check`.
  struct Request: RunnerRequest, Equatable {
    let json: Bool
    func subcommand(output: RunnerOutput) -> any RunnerSubcommand {
      CheckAllCommand(output: output, json: json)
    }
  }
}
