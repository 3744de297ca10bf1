import CommandLineKit
import Foundation
import KooberRules
import KooberStory
import ObjectTrace

/// `workbook`: the classroom exercises' runner. Every message ends with the learner's next step.
///
/// Exit status: 0 when the command did what was asked (and, for `check`, everything passed),
/// 1 when a check did not pass or something could not be done, 2 for a bad command line (one
/// error line and the usage on standard error).
public enum WorkbookCommand {
  /// Runs the command line `arguments` in the workbook found from the current folder.
  public static func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
    StandardStream.reportBrokenPipes()
    let commandLine = RunnerCommandLine(
      arguments, defaultLanguage: WorkbookLanguage.fromEnvironment())
    let texts = RunnerTexts.in(commandLine.language)
    let request: RunnerCommandLine.Request
    switch commandLine.reading {
    case .problem(let problem):
      return usageError(problem.message, command: problem.command, texts: texts)
    case .help(let usage):
      // Help needs no workbook around it.
      return StandardStream.output.write(usage) ? 0 : 1
    case .run(let asked):
      request = asked
    }
    let workspace: Workspace
    do {
      workspace = try Workspace.find(
        from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    } catch {
      StandardStream.error.write(
        "workbook: \(texts.error): \(error.text(in: commandLine.language))\n")
      return 1
    }
    let output = RunnerOutput(language: commandLine.language, workspace: workspace)
    return request.asked.subcommand(output: output).run()
  }

  /// One error line, then the usage, on standard error; status 2.
  static func usageError(_ message: String, command: String?, texts: RunnerTexts) -> Int32 {
    let help = command.flatMap(texts.commandUsage) ?? texts.usage
    StandardStream.error.write("workbook: \(texts.error): \(message)\n\n\(help)")
    return 2
  }
}
