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
