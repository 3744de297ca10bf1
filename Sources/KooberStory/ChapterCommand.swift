import KooberKit
import ObjectTrace

/// What every chapter executable does: parse the command line, play the story, print the trace.
///
/// Exit status: 0 on success, 1 when the story fails, a session file could not be read or
/// written, or standard output cannot be written, 2 for a bad command line (one error line and
/// the usage on standard error).
@MainActor public enum ChapterCommand {
  /// The `--format` option every chapter takes.
  public static let formatOption = ValueOption(
    name: "format", values: TraceFormat.allCases.map(\.rawValue), defaultValue: "text",
    help: "how to print the trace")

  /// The `--step` option every chapter takes: one step of the story instead of all five.
  public static let stepOption = ValueOption(
    name: "step", values: ["launch", "sign-up", "sign-out", "sign-in", "quit"], defaultValue: nil,
    help: "print only this step")

  /// Runs a chapter's command and returns its exit status.
  /// - Parameters:
  ///   - extraOptions: options beyond `--format`, e.g. chapter 5's `--server`.
  ///   - exclusive: groups of options of which at most one may be given.
  ///   - trace: makes the trace from the parsed options (usually ``Story/run(_:observer:)``).
  public static func main(
    command: String, summary: String, extraOptions: [ValueOption] = [],
    exclusive: [[String]] = [], arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    trace: (ParsedOptions) async throws -> Trace
  ) async -> Int32 {
    StandardStream.reportBrokenPipes()
    let commandLine = CommandLineOptions(
      command: command, summary: summary, options: [formatOption, stepOption] + extraOptions,
      exclusive: exclusive)
    let options: ParsedOptions
    do {
      options = try commandLine.parse(arguments)
    } catch {
      writeError("\(command): error: \(error.description)\n\n" + commandLine.usage)
      return 2
    }
    if options.wantsHelp {
      return StandardStream.output.write(commandLine.usage) ? 0 : 1
    }
    let format = options["format"].flatMap(TraceFormat.init(rawValue:)) ?? .text
    do {
      let result = try await trace(options)
      guard StandardStream.output.write(format.render(result, onlyStep: options["step"])) else {
        writeError("\(command): error: cannot write to standard output\n")
        return 1
      }
      // The story went on past a session file it could not read or write (the store said so on
      // standard error); the run still failed.
      return FileUserSessionDataStore.failures == 0 ? 0 : 1
    } catch {
      writeError("\(command): error: \(error)\n")
      return 1
    }
  }

  private static func writeError(_ text: String) {
    StandardStream.error.write(text)
  }
}
