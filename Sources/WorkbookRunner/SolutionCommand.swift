import Bilingual
import CommandLineKit
import Foundation
import KooberRules
import KooberStory
import ObjectTrace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `solution N`: the solution's files. Before the exercise was ever checked, it asks first at
/// a terminal and refuses elsewhere, unless `confirmed` (`--yes`); after a pass, it shows the
/// solution as a diff against the learner's own files.
struct SolutionCommand: RunnerSubcommand {
  let output: RunnerOutput
  let exercise: Exercise
  /// `--yes`: show it without asking.
  let confirmed: Bool

  func run() -> Int32 {
    let files: [String: String]
    let starter: [String: String]
    do {
      files = try workspace.solvedFiles(of: exercise)
      starter = try workspace.starterFiles(of: exercise)
    } catch {
      complain(error: error)
      return 1
    }
    let entry = store.load()[exercise.number]
    if !entry.tried, !confirmed {
      guard StandardStream.inputIsTerminal else {
        complain(error: texts.solutionNotTried(exercise.number))
        return 1
      }
      StandardStream.error.write(texts.solutionQuestion(exercise.number))
      let answer = readLine(strippingNewline: true)
      if answer == nil { StandardStream.error.write("\n") }  // Ctrl-D ends no line of its own
      guard
        let answer,
        texts.yesAnswers.contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
      else {
        say(texts.solutionNotShown(exercise.number))
        return finish(0)
      }
    }
    let title = exercise.title.text(in: language)
    // After a pass, and while the files are the ones that passed: the diff against them.
    if entry.status == CheckResult.Status.pass.rawValue,
      let yours = try? workspace.learnerFiles(of: exercise),
      entry.fingerprint == Workspace.fingerprint(yours)
    {
      say(texts.solutionAgainstYours(exercise.number, title, exercise.solutionFolder))
      var same = true
      for name in Set(files.keys).union(yours.keys).sorted() {
        let solution = files[name]
        let diff = LineDiff.unified(
          from: yours[name] ?? "", to: solution ?? "",
          oldName: yours[name] == nil ? "/dev/null" : "\(exercise.exerciseFolder)/\(name)",
          newName: solution == nil ? "/dev/null" : "\(exercise.solutionFolder)/\(name)")
        guard !diff.isEmpty else { continue }
        same = false
        say("")
        say("── \(name) " + String(repeating: "─", count: max(3, 70 - name.count)))
        say(diff, trailingNewline: false)
      }
      if !same { say("") }
      say(same ? texts.solutionSameAsYours : texts.solutionDiffNext)
      return finish(0)
    }
    say(texts.solutionHeader(exercise.number, title, exercise.solutionFolder))
    for name in files.keys.sorted() where starter[name] != files[name] {
      let text = files[name] ?? ""
      say("")
      say("── \(name) " + String(repeating: "─", count: max(3, 70 - name.count)))
      say(text, trailingNewline: false)
    }
    say(texts.solutionNext(exercise.exerciseFolder, exercise.number))
    return finish(0)
  }
}

// MARK: - The command line

extension SolutionCommand: RunnerCommand {
  static let name = "solution"
  /// `--yes` (`-y`): show it without asking.
  static let yesFlag = FlagOption(name: "yes", short: "y", help: "")
  static let flags = [yesFlag]
  static let maximumArguments = 1
  static let summary = Localized(
    en: """
        solution N [--yes]      show exercise N's solution; after a pass, against your files
      """,
    ko: """
        solution N [--yes]      연습 문제 N의 정답 보기. 통과한 뒤에는 여러분의 파일과 비교
      """)
  static let usage = Localized(
    en: "usage: workbook solution N [--yes] [--lang en|ko]\n\nPrints exercise N's "
      + "solution files. Before you have checked the exercise once, it asks\nfirst at a "
      + "terminal; --yes (or -y) shows it without asking, and is needed where no\none can "
      + "answer (a script, a pipe). After a pass, it shows the solution as a diff\nagainst "
      + "your files.\n",
    ko: "사용법: workbook solution N [--yes] [--lang en|ko]\n\n연습 문제 N의 정답 "
      + "파일을 출력합니다. 그 문제를 한 번도 검사하지 않았다면 터미널에서\n먼저 물어봅니다. "
      + "--yes(또는 -y)를 붙이면 묻지 않고 보여 주며, 대답할 사람이 없는 곳(스크립트,\n"
      + "파이프)에서는 이 옵션이 있어야 합니다. 통과한 뒤에는 정답을 여러분의 파일과 비교한 "
      + "diff로\n보여 줍니다.\n")

  static func request(_ parsed: ParsedOptions, texts: RunnerTexts) -> Result<
    any RunnerRequest, RunnerCommandLine.Problem
  > {
    exercise(parsed, texts: texts).map {
      Request(exercise: $0, confirmed: parsed.contains(yesFlag))
    }
  }

  /// `workbook solution N [--yes]`.
  struct Request: RunnerRequest, Equatable {
    let exercise: Int
    let confirmed: Bool
    func subcommand(output: RunnerOutput) -> any RunnerSubcommand {
      SolutionCommand(output: output, exercise: .known(exercise), confirmed: confirmed)
    }
  }
}
