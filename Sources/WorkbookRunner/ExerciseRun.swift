import Foundation
import KooberRules
import KooberStory

/// How one run of an exercise's executable ended, read from its exit status and its
/// ``ReportChannel`` — the one classifier for every exercise, the tests of exercise 9 included.
/// The learner's standard output is never read; standard error only for the runtime's own line
/// about a crash.
struct ExerciseRun: Equatable {
  /// How the run ended.
  enum Ending: Equatable {
    /// The check ran to its end and sent its report; the process exited with `status`.
    case reported(ExerciseCheck.Report, status: Int32)
    /// The learner's tests ran to their end with the testing library's `status`.
    case testsFinished(status: Int32)
    /// The learner's code reached a `todo(…)`: the line it printed.
    case todo(String)
    /// It crashed: the runtime's line about why, or the signal.
    case crashed(String)
    /// It was stopped for taking too long.
    case timedOut
    /// It ended with no report; the last line it wrote on standard error, if any.
    case noReport(lastError: String?)
    /// The channel carried a second report: something besides the check wrote one.
    case secondReport
    /// It sent a report, then exited with `status`, which says something else.
    case exitedAfterReport(status: Int32)
  }

  /// How it ended.
  var ending: Ending
  /// The story's steps that finished, in order.
  var finishedSteps: [StoryStep] = []
  /// The step that started and did not finish.
  var unfinishedStep: StoryStep?
  /// What a check with no story was doing when it crashed, in the run's language, if it said.
  var crashedWhile: String?
  /// Everything on the channel: the testing library's records are among its lines (exercise 9).
  var channel: String = ""

  /// Reads a run that exited with `status` (``Subprocess/timedOut`` for a run that was
  /// stopped), left `channel` on its channel and `errors` on standard error. `root` is cut from
  /// the paths a crash line names; `texts` say a signal's name.
  init(
    status: Int32, channel: String, errors: String, root: String = "", exercise: Exercise,
    texts: RunnerTexts = .english
  ) {
    self.channel = channel
    var reports: [ExerciseEvent] = []
    var started: StoryStep?
    var crashedIn: StoryStep??
    for line in channel.split(separator: "\n") {
      guard let event = ExerciseEvent(line: line) else { continue }
      switch event {
      case .started(let step): started = step
      case .finished(let step):
        finishedSteps.append(step)
        if started == step { started = nil }
      case .crashed(let step, let doing):
        crashedIn = .some(step)
        crashedWhile = doing
      case .report, .testsFinished, .todo: reports.append(event)
      }
    }
    unfinishedStep = crashedIn ?? started
    let lastError = errors.split(separator: "\n").last.map(String.init)
    if reports.count > 1 {
      ending = .secondReport
      return
    }
    if case .report(let report)? = reports.first, report.exercise != exercise.number {
      ending = .noReport(lastError: lastError)
      return
    }
    let exited = status >= 0 && status < 128
    switch (status, reports.first) {
    case (Subprocess.timedOut, _):
      ending = .timedOut
    case (todoExitStatus, .todo(let line)?):
      ending = .todo(line)
    case (0, .report(let report)?) where report.holds,
      (1, .report(let report)?) where !report.holds:
      ending = .reported(report, status: status)
    case (_, .testsFinished(let reported)?) where status == reported:
      ending = .testsFinished(status: status)
    case (_, nil) where exited:
      ending = .noReport(lastError: lastError)
    case (_, _?) where exited:
      ending = .exitedAfterReport(status: status)
    default:
      ending = .crashed(
        Self.crashMessage(in: errors, root: root, exercise: exercise)
          ?? Self.signalName(status, texts: texts))
    }
  }
}

// MARK: - How a run ended, in words

extension ExerciseRun {
  /// The runtime's one line about a crash (`…/File.swift:38: Fatal error: x`), with `root` cut
  /// from its path and the module's name (`#fileID`, `exercise4/File.swift`) made the learner's
  /// folder, cut after ``crashLineLimit`` characters, or `nil` when it printed none.
  static func crashMessage(in errors: String, root: String, exercise: Exercise) -> String? {
    let kinds = ["Fatal error", "Precondition failed", "Assertion failed", "Illegal instruction"]
    guard
      let line = errors.split(separator: "\n").first(where: { line in
        kinds.contains { line.contains($0) }
      })
    else { return nil }
    var text = String(line)
    if !root.isEmpty { text = text.replacing(root + "/", with: "") }
    for (module, folder) in [
      (exercise.product, exercise.exerciseFolder),
      (exercise.solutionProduct, exercise.solutionFolder),
    ] where text.hasPrefix(module + "/") {
      text = folder + text.dropFirst(module.count)
    }
    return text.count > crashLineLimit ? String(text.prefix(crashLineLimit)) + "…" : text
  }

  /// How many characters of the runtime's crash line the runner shows: enough for `verify()`'s
  /// refusal with its chain (about 400), and a cut for a runaway line.
  static let crashLineLimit = 600

  /// `status` as a reader knows it: a signal's name, or the exit status.
  static func signalName(_ status: Int32, texts: RunnerTexts = .english) -> String {
    guard status > 128, let meaning = texts.signalMeanings[status - 128] else {
      return texts.exitStatus(status)
    }
    return texts.stoppedBySignal(status - 128, meaning)
  }
}
