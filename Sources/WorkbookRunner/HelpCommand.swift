import KooberStory

/// `workbook --help` and `workbook <command> --help`: the usage, on standard output.
struct HelpCommand: RunnerSubcommand {
  let output: RunnerOutput
  /// The usage to print: the whole command's, or one command's.
  let text: String

  func run() -> Int32 {
    StandardStream.output.write(text) ? 0 : 1
  }
}
