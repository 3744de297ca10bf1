import Foundation
import KooberRules
import KooberStory
import ObjectTrace

/// `workbook dev check`: for maintainers and CI, every starter is generated from its solution,
/// a solution cut from a chapter is that chapter's file once solved, every starter fails
/// cleanly and every solution passes.
struct DevCheckCommand: RunnerSubcommand {
  let output: RunnerOutput

  func run() -> Int32 {
    var passed = 0
    var problems = 0
    func verdict(_ ok: Bool, _ line: String) -> String {
      if ok { passed += 1 } else { problems += 1 }
      return "\(ok ? "✓" : "✗") \(line)"
    }
    var build = ExerciseBuild(workspace: workspace)
    // Starters and solutions all compile, so one build serves the 16 checks below.
    build.everythingBuilt = (try? build.buildEverything()) ?? false
    /// One verdict on some files: `ok` when none differs, else `problem` and their paths.
    func files(_ differing: [String], in folder: String, ok: String, problem: String) {
      say(
        verdict(
          differing.isEmpty,
          differing.isEmpty
            ? ok : problem + differing.map { "\(folder)/\($0)" }.joined(separator: ", ")))
    }
    for exercise in Exercise.all {
      let number = exercise.number
      say("exercise \(number) · \(exercise.slug)")
      // 1. The committed starter is exactly what the solution generates.
      do {
        let starter = try workspace.starterFiles(of: exercise)
        let committed = try workspace.learnerFiles(of: exercise)
        files(
          Set(starter.keys).union(committed.keys).sorted().filter { starter[$0] != committed[$0] },
          in: exercise.exerciseFolder, ok: "starter is generated from the solution",
          problem: "starter differs from what the solution generates: ")
      } catch {
        say(verdict(false, "\(error)"))
      }
      // 2. A marked file cut from a chapter is that chapter's file once solved: the lesson and
      //    the exercise never drift apart (the solution's other files are links to the chapter).
      if let chapter = exercise.chapterSources {
        do {
          files(
            try workspace.solutionFilesCutFromChapter(of: exercise).filter { !$0.value }.keys
              .sorted(),
            in: exercise.solutionFolder, ok: "solution is \(chapter) once solved",
            problem: "solution differs from \(chapter): ")
        } catch {
          say(verdict(false, "\(error)"))
        }
      }
      // 3. The starter fails cleanly: a todo or failing rules, never a crash or a pass.
      do {
        let result = try build.check(exercise)
        let clean = (result.status == .todo || result.status == .fail) && result.problem == nil
        let detail =
          result.status == .todo
          ? result.todo ?? ""
          : result.rules.first { $0.status == .fail }?.id
            ?? result.problem ?? result.compilerErrors.first ?? ""
        say(verdict(clean, "starter fails cleanly (\(result.status.rawValue): \(detail))"))
      } catch {
        say(verdict(false, "starter: \(error)"))
      }
      // 4. The solution passes.
      do {
        let result = try build.check(exercise, solution: true)
        let failing = result.rules.filter { $0.status == .fail }.map(\.message)
        let why = result.problem ?? result.todo ?? result.compilerErrors.first ?? failing.first
        say(
          verdict(
            result.status == .pass,
            "solution passes" + (result.status == .pass ? "" : ": \(why ?? result.status.rawValue)")
          ))
      } catch {
        say(verdict(false, "solution: \(error)"))
      }
    }
    say("")
    say("dev check: \(passed) passed, \(problems) failed")
    return finish(problems == 0 ? 0 : 1)
  }
}
