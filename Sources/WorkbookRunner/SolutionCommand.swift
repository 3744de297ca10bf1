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
      files = try workspace.solutionFiles(of: exercise)
      starter = try workspace.starterFiles(of: exercise)
    } catch {
      complain(error: error)
      return 1
    }
    let entry = store.load()[exercise.number]
    if !entry.tried, !confirmed {
      guard Self.standardInputIsATerminal else {
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
        let solution = files[name].map(StarterGenerator.solution(from:))
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
      let text = StarterGenerator.solution(from: files[name] ?? "")
      say("")
      say("── \(name) " + String(repeating: "─", count: max(3, 70 - name.count)))
      say(text, trailingNewline: false)
    }
    say(texts.solutionNext(exercise.exerciseFolder, exercise.number))
    return finish(0)
  }

  /// Whether standard input is a terminal, where a person can answer a question.
  static var standardInputIsATerminal: Bool { isatty(STDIN_FILENO) == 1 }
}
