import Foundation
import KooberRules
import KooberStory
import ObjectTrace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    guard let backupNote = restoreStarter(of: exercise) else { return 1 }
    say(texts.resetDone(exercise.number, backupNote))
    say(texts.resetNext(exercise.number))
    return finish(0)
  }

  /// `reset --all`: every exercise, each backed up first as `reset N` does; an exercise that
  /// cannot be reset is named and the others still are.
  mutating func resetAll() -> Int32 {
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

  /// Backs up the learner's files of `exercise`, then writes its starter and forgets its last
  /// verdict; returns the backup note, or `nil` after an error line (nothing lost).
  mutating func restoreStarter(of exercise: Exercise) -> String? {
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

  /// `solution N`: the solution's files. Before the exercise was ever checked, it asks first at
  /// a terminal and refuses elsewhere, unless `confirmed` (`--yes`); after a pass, it shows the
  /// solution as a diff against the learner's own files.
  mutating func solution(_ exercise: Exercise, confirmed: Bool) -> Int32 {
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

  /// Writes `text` as it is (it already ends with a newline).
  mutating func say(_ text: String, trailingNewline: Bool) {
    if trailingNewline { say(text) } else if !StandardStream.output.write(text) { failed = true }
  }
}
