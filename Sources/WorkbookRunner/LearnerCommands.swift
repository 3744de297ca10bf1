import Foundation
import KooberRules
import KooberStory

// MARK: - list, hint, reset, solution: they work even while an exercise does not compile

extension WorkbookCommand {
  /// Where an exercise stands, as `list` shows it.
  enum Standing: Equatable {
    case notStarted, passed, failing, missing
  }

  /// The standing of `exercise` and whether its files changed since the last check.
  func standing(of exercise: Exercise, in state: ProgressState) -> (Standing, changed: Bool) {
    guard let files = try? workspace.learnerFiles(of: exercise) else { return (.missing, false) }
    let entry = state[exercise.number]
    let fingerprint = Workspace.fingerprint(files)
    guard let status = entry.status else {
      let starter = try? workspace.starterFiles(of: exercise)
      return (.notStarted, starter.map { $0 != files } ?? false)
    }
    return (status == "pass" ? .passed : .failing, entry.fingerprint != fingerprint)
  }

  mutating func list() -> Int32 {
    let state = store.load()
    say(texts.listTitle)
    var next: Exercise?
    for exercise in Exercise.all {
      let (standing, changed) = standing(of: exercise, in: state)
      let mark =
        switch standing {
        case .notStarted: "·"
        case .passed: "✓"
        case .failing: "✗"
        case .missing: "!"
        }
      if standing != .passed, next == nil { next = exercise }
      let slug = exercise.slug + (changed ? " ✎" : "")
      let padded = slug + String(repeating: " ", count: max(1, 23 - slug.count))
      say("  \(exercise.number)  \(mark)  \(padded)\(exercise.title.text(in: language))")
    }
    say(texts.listLegend)
    say("")
    if let next {
      say(
        texts.listNext(
          ExerciseTexts.taskFile(next, language: language), next.exerciseFolder, next.number))
    } else {
      say(texts.everyExercisePasses)
    }
    return finish(0)
  }

  mutating func hint(_ exercise: Exercise) -> Int32 {
    let file = ExerciseTexts.hintsFile(exercise, language: language)
    guard let text = try? String(contentsOf: workspace.url(file), encoding: .utf8) else {
      complain(error: texts.cannotRead(file))
      return 1
    }
    let hints = ExerciseTexts.hints(in: text)
    guard !hints.isEmpty else {
      complain(error: texts.noHints(file))
      return 1
    }
    let next = { (state: ProgressState) in min(state[exercise.number].hintsShown + 1, hints.count) }
    let shown =
      record { state in
        let shown = next(state)
        state[exercise.number].hintsShown = shown
        return shown
      } ?? next(store.load())
    say(
      texts.hintOf(shown, hints.count)
        + " — \(exercise.number) · \(exercise.title.text(in: language))")
    say("")
    say(hints[shown - 1])
    say("")
    say(shown < hints.count ? texts.anotherHint(exercise.number) : texts.lastHint(exercise.number))
    return finish(0)
  }

  mutating func reset(_ exercise: Exercise) -> Int32 {
    let starter: [String: String]
    do {
      starter = try workspace.starterFiles(of: exercise)
    } catch {
      complain(error: error)
      return 1
    }
    let folder = workspace.url(exercise.exerciseFolder)
    let manager = FileManager.default
    // First the backup of everything the learner has there; if it fails, nothing is reset.
    var backupNote = texts.nothingToBackUp
    if manager.fileExists(atPath: folder.path) {
      let backups = workspace.url(".workbook/backups")
      let backup = URL(
        fileURLWithPath: store.freeName(backups.appendingPathComponent(exercise.product).path))
      do {
        try manager.createDirectory(at: backups, withIntermediateDirectories: true)
        try manager.copyItem(at: folder, to: backup)
      } catch {
        complain(error: texts.cannotBackUp(exercise.exerciseFolder))
        return 1
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
      return 1
    }
    record { state in
      state[exercise.number].status = nil
      state[exercise.number].fingerprint = nil
    }
    say(texts.resetDone(exercise.number, backupNote))
    say(texts.resetNext(exercise.number))
    return finish(0)
  }

  mutating func solution(_ exercise: Exercise) -> Int32 {
    let files: [String: String]
    let starter: [String: String]
    do {
      files = try workspace.solutionFiles(of: exercise)
      starter = try workspace.starterFiles(of: exercise)
    } catch {
      complain(error: error)
      return 1
    }
    say(
      texts.solutionHeader(
        exercise.number, exercise.title.text(in: language), exercise.solutionFolder))
    for name in files.keys.sorted() where starter[name] != files[name] {
      let text = StarterGenerator.solution(from: files[name] ?? "")
      say("")
      say("── \(name) " + String(repeating: "─", count: max(3, 70 - name.count)))
      say(text, trailingNewline: false)
    }
    say(texts.solutionNext(exercise.exerciseFolder, exercise.number))
    return finish(0)
  }

  /// Writes `text` as it is (it already ends with a newline).
  mutating func say(_ text: String, trailingNewline: Bool) {
    if trailingNewline { say(text) } else if !StandardStream.output.write(text) { failed = true }
  }
}
