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

/// `workbook watch`: checks an exercise again whenever one of its files is saved.
struct WatchCommand: RunnerSubcommand {
  let output: RunnerOutput

  func run() -> Int32 {
    // Only async-signal-safe calls in a handler: a static message, write(2), _exit(2). A handler
    // captures nothing, so each language has its own.
    switch language {
    case .korean:
      signal(SIGINT) { _ in
        let message: StaticString = "\nworkbook: watch를 멈췄습니다(Ctrl-C)\n"
        _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
        _exit(130)
      }
    case .english:
      signal(SIGINT) { _ in
        let message: StaticString = "\nworkbook: watch stopped (Ctrl-C)\n"
        _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
        _exit(130)
      }
    }
    say(texts.watching)
    var seen: [Int: String] = [:]
    for exercise in Exercise.all {
      seen[exercise.number] = (try? workspace.learnerFiles(of: exercise)).map(Workspace.fingerprint)
    }
    while true {
      usleep(300_000)
      for exercise in Exercise.all {
        let now = (try? workspace.learnerFiles(of: exercise)).map(Workspace.fingerprint)
        guard now != seen[exercise.number] else { continue }
        seen[exercise.number] = now
        say("")
        _ = CheckCommand(output: output, exercise: exercise).run()
        if output.failed { return 1 }
      }
    }
  }
}

// MARK: - The command line

extension WatchCommand: RunnerCommand {
  static let name = "watch"
  static let summary = Localized(
    en: """
        watch                   check an exercise again whenever you save one of its files
      """,
    ko: """
        watch                   연습 문제 파일을 저장할 때마다 그 문제를 다시 검사
      """)
  static let usage = Localized(
    en: "usage: workbook watch [--lang en|ko]\n\nChecks an exercise again each time one of "
      + "its files is saved. Ctrl-C stops.\n",
    ko: "사용법: workbook watch [--lang en|ko]\n\n연습 문제 파일을 저장할 때마다 그 문제를 "
      + "다시 검사합니다. Ctrl-C로 멈춥니다.\n")

  static func request(_ parsed: ParsedOptions, texts: RunnerTexts) -> Result<
    any RunnerRequest, RunnerCommandLine.Problem
  > {
    .success(Request())
  }

  /// `workbook watch`.
  struct Request: RunnerRequest, Equatable {
    func subcommand(output: RunnerOutput) -> any RunnerSubcommand { WatchCommand(output: output) }
  }
}
