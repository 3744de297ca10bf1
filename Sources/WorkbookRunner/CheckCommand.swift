import Bilingual
import CommandLineKit
import Foundation
import KooberRules
import KooberStory
import ObjectTrace

/// `workbook check N`: builds an exercise alone, plays the story on the learner's objects and
/// prints each rule's verdict with the next step.
struct CheckCommand: RunnerSubcommand {
  let output: RunnerOutput
  let exercise: Exercise

  func run() -> Int32 {
    say(texts.exerciseHeader(exercise.number, exercise.title.text(in: language)))
    say(texts.building(exercise.product))
    let result: CheckResult
    let files: [String: String]
    do {
      files = try workspace.learnerFiles(of: exercise)
      result = try builder.check(exercise)
    } catch {
      complain(error: error)
      return 1
    }
    describe(result, of: exercise)
    let edited = !workspace.isStarter(files, of: exercise)
    record { state in
      state[exercise.number].status = result.status.rawValue
      state[exercise.number].fingerprint = Workspace.fingerprint(files)
      if edited { state[exercise.number].everChecked = true }
    }
    return finish(result.status == .pass ? 0 : 1)
  }
}

// MARK: - The command line

extension CheckCommand: RunnerCommand {
  static let name = "check"
  /// `--all`: every exercise.
  static let allFlag = FlagOption(name: "all", help: "")
  /// `--json`: the grader's report.
  static let jsonFlag = FlagOption(name: "json", help: "")
  static let flags = [allFlag, jsonFlag]
  static let maximumArguments = 1
  static let summary = Localized(
    en: """
        check N                 build exercise N and check it against its rules
        check --all [--json]    check every exercise; --json prints the grader's report
      """,
    ko: """
        check N                 연습 문제 N을 빌드하고 규칙대로 검사
        check --all [--json]    연습 문제 전체를 검사. --json은 채점용 보고서를 출력
      """)
  static let usage = Localized(
    en: "usage: workbook check N [--lang en|ko]\n"
      + "       workbook check --all [--json] [--lang en|ko]\n\n"
      + "Builds exercise N alone (your files in its exercise/ folder), plays the story on your\n"
      + "composition and checks each rule on your real objects. With --all, checks every\n"
      + "exercise; --json prints the grader's report (10 points an exercise, partial credit\n"
      + "per rule that holds), which `workbook report` turns into a job summary or exercism's\n"
      + "results. Exit status 0 when all pass, 1 otherwise.\n"
      + "A story that runs longer than \(Int(ExerciseBuild.defaultRunLimit)) seconds is "
      + "stopped; the step it was in is named.\n",
    ko: "사용법: workbook check N [--lang en|ko]\n"
      + "        workbook check --all [--json] [--lang en|ko]\n\n"
      + "연습 문제 N만 따로 빌드하고(그 문제의 exercise/ 폴더에 있는 여러분의 파일), 여러분의\n"
      + "조립 코드로 스토리를 재생한 뒤, 여러분의 실제 객체로 규칙을 하나씩 검사합니다.\n"
      + "--all은 연습 문제 전체를 검사하고, --json은 채점용 보고서(연습 문제마다 10점, 지킨\n"
      + "규칙만큼 부분 점수)를 출력합니다. 이 보고서는 `workbook report`가 작업 요약이나\n"
      + "exercism의 결과로 바꿉니다. 모두 통과하면 종료 상태 0, 아니면 1입니다.\n"
      + "스토리가 \(Int(ExerciseBuild.defaultRunLimit))초 넘게 "
      + "걸리면 멈추고,\n그때 진행 중이던 단계를 알려 줍니다.\n")

  static func request(_ parsed: ParsedOptions, texts: RunnerTexts) -> Result<
    any RunnerRequest, RunnerCommandLine.Problem
  > {
    let json = parsed.contains(jsonFlag)
    if parsed.contains(allFlag) {
      return parsed.arguments.first.map { unexpected($0, texts: texts) }
        ?? .success(CheckAllCommand.Request(json: json))
    }
    if json { return unexpected("--json", texts: texts) }
    return exercise(parsed, texts: texts).map { Request(exercise: $0) }
  }

  /// `workbook check N`.
  struct Request: RunnerRequest, Equatable {
    let exercise: Int
    func subcommand(output: RunnerOutput) -> any RunnerSubcommand {
      CheckCommand(output: output, exercise: .known(exercise))
    }
  }
}
