import KooberRules
import ObjectTrace

/// One of `workbook`'s subcommands, read from the command line once: it runs, speaks through
/// the shared ``RunnerOutput``, and returns the exit status.
protocol RunnerSubcommand {
  var output: RunnerOutput { get }
  func run() -> Int32
}

extension RunnerSubcommand {
  var texts: RunnerTexts { output.texts }
  var language: Language { output.language }
  var workspace: Workspace { output.workspace }
  var store: ProgressStore { output.store }
  var builder: ExerciseBuild { output.builder }

  func say(_ text: String) { output.say(text) }
  func say(_ text: String, trailingNewline: Bool) {
    output.say(text, trailingNewline: trailingNewline)
  }
  func complain(error text: String) { output.complain(error: text) }
  func complain(error: any Error) { output.complain(error: error) }
  func finish(_ status: Int32) -> Int32 { output.finish(status) }

  @discardableResult
  func record<Result>(_ change: (inout ProgressState) -> Result) -> Result? {
    output.record(change)
  }
}
