import Bilingual
import CommandLineKit
import Foundation
import KooberRules
import KooberStory
import ObjectTrace

/// `workbook reset N` (or `--all`): backs the learner's files up, then restores the starter; an
/// exercise that cannot be reset is named, and with `--all` the others still are.
struct ResetCommand: RunnerSubcommand {
  let output: RunnerOutput
  /// The exercise, or `nil` for every exercise.
  let exercise: Exercise?

  func run() -> Int32 {
    guard let exercise else {
      var allReset = true
      for exercise in Exercise.all {
        if let backupNote = restoreStarter(of: exercise) {
          say(texts.resetDone(exercise.number, backupNote))
        } else {
          allReset = false
        }
      }
      say(texts.resetAllNext)
      return finish(allReset ? 0 : 1)
    }
    guard let backupNote = restoreStarter(of: exercise) else { return 1 }
    say(texts.resetDone(exercise.number, backupNote))
    say(texts.resetNext(exercise.number))
    return finish(0)
  }

  /// Backs up the learner's files of `exercise`, then writes its starter and forgets its last
  /// verdict; returns the backup note, or `nil` after an error line (nothing lost).
  func restoreStarter(of exercise: Exercise) -> String? {
    let starter: [String: String]
    do {
      starter = try workspace.starterFiles(of: exercise)
    } catch {
      complain(error: error)
      return nil
    }
    let folder = workspace.url(exercise.exerciseFolder)
    let manager = FileManager.default
    // First the backup of everything the learner has there; if it fails, nothing is reset. An
    // untouched starter needs none.
    var backupNote = texts.nothingToBackUp
    if (try? workspace.learnerFiles(of: exercise)) == starter {
      backupNote = texts.alreadyTheStarter
    } else if manager.fileExists(atPath: folder.path) {
      let backups = workspace.url(".workbook/backups")
      let backup = URL(
        fileURLWithPath: store.freeName(backups.appendingPathComponent(exercise.product).path))
      do {
        try manager.createDirectory(at: backups, withIntermediateDirectories: true)
        try manager.copyItem(at: folder, to: backup)
      } catch {
        complain(error: texts.cannotBackUp(exercise.exerciseFolder))
        return nil
      }
      backupNote = texts.backedUp(backup.lastPathComponent)
    }
    do {
      try manager.createDirectory(at: folder, withIntermediateDirectories: true)
      for name in (try? workspace.swiftFiles(in: exercise.exerciseFolder)) ?? []
      where starter[name] == nil {
        try manager.removeItem(at: folder.appendingPathComponent(name))
      }
      for (name, text) in starter {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name), options: .atomic)
      }
    } catch {
      complain(error: texts.cannotWriteStarter(exercise.exerciseFolder, backupNote))
      return nil
    }
    record { state in
      // A pass is forgotten, that it was tried is not (older files say so by the pass alone).
      if state[exercise.number].tried { state[exercise.number].everChecked = true }
      state[exercise.number].status = nil
      state[exercise.number].fingerprint = nil
    }
    return backupNote
  }
}

// MARK: - The command line

extension ResetCommand: RunnerCommand {
  static let name = "reset"
  /// `--all`: every exercise.
  static let allFlag = FlagOption(name: "all", help: "")
  static let flags = [allFlag]
  static let maximumArguments = 1
  static let summary = Localized(
    en: """
        reset N | --all         back up your files for exercise N (or every exercise), then
                                restore its starter
      """,
    ko: """
        reset N | --all         연습 문제 N(또는 전체)의 파일을 백업한 뒤 시작 코드로 되돌림
      """)
  static let usage = Localized(
    en: "usage: workbook reset N [--lang en|ko]\n       workbook reset --all [--lang en|ko]"
      + "\n\nCopies your files for exercise N to .workbook/backups/ first, then restores the "
      + "starter.\nWith --all, does that for every exercise. Files that are the starter already "
      + "need no backup.\n",
    ko: "사용법: workbook reset N [--lang en|ko]\n        workbook reset --all "
      + "[--lang en|ko]\n\n여러분이 고친 연습 문제 N의 파일을 먼저 .workbook/backups/에 복사해 둔 뒤 "
      + "시작 코드로 되돌립니다.\n--all은 연습 문제 전체에 그렇게 합니다. 이미 시작 코드 그대로인 "
      + "파일은 백업하지 않습니다.\n")

  static func request(_ parsed: ParsedOptions, texts: RunnerTexts) -> Result<
    any RunnerRequest, RunnerCommandLine.Problem
  > {
    if parsed.contains(allFlag) {
      return parsed.arguments.first.map { unexpected($0, texts: texts) }
        ?? .success(Request(exercise: nil))
    }
    return exercise(parsed, texts: texts).map { Request(exercise: $0) }
  }

  /// `workbook reset N`, or `reset --all` (`nil`).
  struct Request: RunnerRequest, Equatable {
    let exercise: Int?
    func subcommand(output: RunnerOutput) -> any RunnerSubcommand {
      ResetCommand(output: output, exercise: exercise.map(Exercise.known))
    }
  }
}
