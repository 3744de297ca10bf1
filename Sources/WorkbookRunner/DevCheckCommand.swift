import Bilingual
import CommandLineKit
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
          : result.rules.first { $0.status == .fail }?.id.rawValue
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

// MARK: - The command line

extension DevCheckCommand: RunnerCommand {
  static let name = "dev"
  static let maximumArguments = 1
  static let summary = Localized(
    en: """
        dev check               for maintainers and CI: starters are generated from the
                                solutions, a solution cut from a chapter is that chapter's
                                file once solved, every starter fails cleanly, every
                                solution passes
      """,
    ko: """
        dev check               메인테이너와 CI용: 시작 코드가 정답에서 생성되는지, 장에서
                                잘라 낸 정답에서 연습용 표시를 걷어 내면 그 장의 파일과
                                같은지, 시작 코드는 모두 크래시 없이 실패하고 정답은 모두
                                통과하는지 확인
      """)
  static let usage = Localized(
    en: "usage: workbook dev check\n       workbook dev pictures\n\nFor maintainers and CI. "
      + "check proves every committed starter is what the solution\ngenerates, every solution cut "
      + "from a chapter is that chapter's file once solved, every\nstarter fails cleanly, every "
      + "solution passes. pictures builds every chapter and counts,\nstep by step, the arrows of "
      + "its picture that run across a card and the arrows that cross.\n",
    ko: "사용법: workbook dev check\n        workbook dev pictures\n\n메인테이너(maintainer)와 "
      + "CI용입니다. check는 커밋된 시작 코드가 모두 정답에서 생성된 그대로인지, 장에서 잘라 낸\n정답에서 "
      + "연습용 표시를 걷어 내면 그 장의 파일과 같은지, 시작 코드는 모두 크래시 없이 실패하고\n정답은 모두 "
      + "통과하는지 확인합니다. pictures는 모든 장을 빌드하고, 단계마다 그림의 화살표 가운데\n카드 위를 "
      + "지나는 것과 서로 교차하는 것을 셉니다.\n")

  static func request(_ parsed: ParsedOptions, texts: RunnerTexts) -> Result<
    any RunnerRequest, RunnerCommandLine.Problem
  > {
    switch parsed.arguments.first {
    case "check": .success(Request())
    case "pictures": .success(DevPicturesCommand.Request())
    case nil: .failure(.init(message: texts.devNeedsSubcommand, command: name))
    case .some(let other):
      .failure(.init(message: texts.unknownDevCommand(UsageError.quoted(other)), command: name))
    }
  }

  /// `workbook dev check`.
  struct Request: RunnerRequest, Equatable {
    func subcommand(output: RunnerOutput) -> any RunnerSubcommand {
      DevCheckCommand(output: output)
    }
  }
}
