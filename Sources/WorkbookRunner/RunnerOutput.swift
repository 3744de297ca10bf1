import Bilingual
import CommandLineKit
import Foundation
import KooberStory
import ObjectTrace

/// What every `workbook` subcommand speaks through: the language and its texts, the workbook,
/// standard output and error, and the progress file — and whether anything failed on the way,
/// which turns a successful exit status into 1.
final class RunnerOutput {
  let language: Language
  let workspace: Workspace
  /// Whether something went wrong on the way (a write to standard output, saving progress).
  var failed = false

  init(language: Language, workspace: Workspace) {
    self.language = language
    self.workspace = workspace
  }

  /// The texts in the chosen language.
  var texts: RunnerTexts { .in(language) }

  /// Writes `text` and a newline to standard output; remembers a failure for the exit status.
  func say(_ text: String) {
    if !StandardStream.output.write(text + "\n") { failed = true }
  }

  /// Writes `text` as it is (it already ends with a newline) when not `trailingNewline`.
  func say(_ text: String, trailingNewline: Bool) {
    if trailingNewline { say(text) } else if !StandardStream.output.write(text) { failed = true }
  }

  /// Writes one warning or error line to standard error.
  func complain(_ text: String) { Self.complain(text) }

  /// Writes one warning or error line to standard error: `workbook: …`.
  static func complain(_ text: String) {
    StandardStream.error.write("workbook: \(text)\n")
  }

  /// Writes one error line to standard error: `workbook: error: …`, in the chosen language.
  func complain(error text: String) { complain("\(texts.error): \(text)") }

  /// Writes `error` as one error line, in the chosen language when it is the workbook's own.
  func complain(error: any Error) {
    complain(error: (error as? WorkbookError)?.text(in: language) ?? "\(error)")
  }

  /// The exit status for a command that otherwise succeeded with `status`.
  func finish(_ status: Int32) -> Int32 { failed && status == 0 ? 1 : status }

  /// The learner's progress, warning in the chosen language.
  var store: ProgressStore {
    ProgressStore(workspace: workspace, texts: texts) { Self.complain($0) }
  }

  /// Records a change to the progress; a failure is one line and a non-zero status, never lost
  /// work. Returns what `change` returns, or `nil` when the progress could not be saved.
  @discardableResult
  func record<Result>(_ change: (inout ProgressState) -> Result) -> Result? {
    do {
      return try store.update(change)
    } catch {
      complain(error: error)
      failed = true
      return nil
    }
  }

  /// What builds and checks the exercises, speaking the chosen language.
  var builder: ExerciseBuild {
    var builder = ExerciseBuild(workspace: workspace)
    builder.language = language
    return builder
  }
}
