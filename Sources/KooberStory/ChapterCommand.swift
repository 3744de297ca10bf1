import CommandLineKit
import KooberKit
import ObjectTrace
import TracePictures

/// What every chapter executable does: parse the command line, play the story, print the trace.
///
/// Exit status: 0 on success, 1 when the story fails, a session file could not be read or
/// written, or standard output cannot be written, 2 for a bad command line (one error line and
/// the usage on standard error).
@MainActor public enum ChapterCommand {
  /// The `--format` option every chapter takes.
  public static let formatOption = TypedOption<TraceFormat>(
    name: "format", defaultValue: .text, help: "how to print the trace")

  /// The `--step` option every chapter takes: one step of the story instead of all five.
  public static let stepOption = stepOption(StoryStep.chapters)

  /// `--step` for a story that plays `steps` (an exercise's may play more than a chapter's).
  public static func stepOption(_ steps: [StoryStep]) -> TypedOption<StoryStep> {
    TypedOption(name: "step", cases: steps, defaultValue: nil, help: "print only this step")
  }

  /// The `--lang` option every chapter takes: the language of the html and svg formats' labels.
  public static let languageOption = TypedOption<Language>(
    name: "lang", defaultValue: .english, help: "the language of the html and svg labels")

  /// The `--cost` flag every chapter takes: measure the composition instead of printing a trace.
  public static let costFlag: FlagOption = FlagOption(
    name: "cost",
    help: "play the story once, build the launch graph \(costRuns) times, print what it costs")

  /// How many times `--cost` builds the launch graph.
  public static let costRuns = 101

  /// The `--pause` flag every chapter takes: step through the story at a terminal.
  public static let pauseFlag: FlagOption = FlagOption(
    name: "pause", help: "wait for Enter before each step (text or facts, at a terminal)")

  /// Runs a chapter's command and returns its exit status.
  /// - Parameters:
  ///   - extraOptions: options beyond `--format`, e.g. chapter 5's `--server`.
  ///   - exclusive: groups of options of which at most one may be given.
  ///   - trace: makes the trace from the parsed options (usually ``Story/run(_:observer:)``).
  ///   - cost: the chapter `--cost` measures, and how many resolves it has done so far (a
  ///     runtime container's count; `nil` where objects are made by direct calls).
  public static func main(
    command: String, summary: String, extraOptions: [ValueOption] = [],
    exclusive: [[String]] = [], arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    cost: (chapter: Chapter, resolves: (@MainActor () -> Int)?)? = nil,
    trace: (ParsedOptions) async throws -> Trace
  ) async -> Int32 {
    StandardStream.reportBrokenPipes()
    let commandLine = Self.commandLine(
      command: command, summary: summary, extraOptions: extraOptions, exclusive: exclusive,
      measured: cost != nil)
    let options: ParsedOptions
    do {
      options = try commandLine.parse(arguments)
      if options.contains(pauseFlag) { try checkPause(options) }
    } catch {
      writeError(usageErrorText(error, commandLine: commandLine))
      return 2
    }
    if options.wantsHelp {
      return StandardStream.output.write(commandLine.usage) ? 0 : 1
    }
    let format = options[formatOption] ?? .text
    if options.contains(costFlag), let cost {
      do {
        let measured = try await ChapterCost.measure(
          cost.chapter, runs: costRuns, resolves: cost.resolves)
        return StandardStream.output.write(TraceFormat.jsonText(measured)) ? 0 : 1
      } catch {
        writeError("\(command): error: \(error)\n")
        return 1
      }
    }
    // The run's own reporter: a session file it could not read or write fails this run.
    let reporter = DataStoreReporter()
    let result: Trace
    var stopped: StoppedStory?
    do {
      result = try await DataStoreReporter.$current.withValue(reporter) {
        try await trace(options)
      }
    } catch let failure as StoppedStory {
      // The trace as far as the story got, then why it stopped.
      result = failure.trace
      stopped = failure
    } catch {
      writeError("\(command): error: \(error)\n")
      return 1
    }
    let language = options[languageOption] ?? .english
    let written =
      options.contains(pauseFlag)
      ? stepThrough(result, format: format)
      : StandardStream.output.write(
        format.render(
          [.html, .svg].contains(format) ? ChapterCatalog.localized(result, in: language) : result,
          onlyStep: options[stepOption]?.name,
          language: language, findingPages: ChapterCatalog.findingPages,
          scopes: ChapterCatalog.scopeStyle))
    guard written else {
      writeError("\(command): error: cannot write to standard output\n")
      return 1
    }
    if let stopped {
      writeError("\(command): error: \(stopped)\n")
      return 1
    }
    // The story went on past a session file it could not read or write (the store said so on
    // standard error); the run still failed.
    return reporter.failures == 0 ? 0 : 1
  }

  /// The command line a chapter parses: `--format`, `--step`, `--lang`, `--pause`, `--cost`
  /// (with `measured`), then `extraOptions`.
  public static func commandLine(
    command: String, summary: String, extraOptions: [ValueOption] = [], exclusive: [[String]] = [],
    measured: Bool = true
  ) -> CommandLineOptions {
    let options =
      [formatOption.declaration, stepOption.declaration, languageOption.declaration]
      + extraOptions
    // `--cost` measures the chapter as it is: it takes no other option.
    let costAlone = (options.map(\.name) + [pauseFlag.name]).map { ["cost", $0] }
    return CommandLineOptions(
      command: command, summary: summary, options: options,
      flags: [pauseFlag] + (measured ? [costFlag] : []),
      exclusive: exclusive + (measured ? costAlone : []))
  }

  /// What a chapter writes on standard error for a bad command line, before it exits with 2:
  /// one error line, an empty line, then the usage.
  public static func usageErrorText(_ error: UsageError, commandLine: CommandLineOptions)
    -> String
  {
    "\(commandLine.command): error: \(error.description)\n\n" + commandLine.usage
  }

  /// `--pause` needs a terminal to wait on, and a format made of steps.
  private static func checkPause(_ options: ParsedOptions) throws(UsageError) {
    if options[stepOption] != nil {
      throw UsageError(description: "'--pause' and '--step' cannot be used together")
    }
    guard [.text, .facts].contains(options[formatOption] ?? .text) else {
      throw UsageError(description: "'--pause' works with --format text or facts")
    }
    guard StandardStream.inputIsTerminal else {
      throw UsageError(description: "'--pause' needs a terminal on standard input")
    }
  }

  /// Prints `trace` one step at a time, waiting for Enter before each step after the first.
  private static func stepThrough(_ trace: Trace, format: TraceFormat) -> Bool {
    guard let parts = format.steps(of: trace, findingPages: ChapterCatalog.findingPages) else {
      return false
    }  // checked by `--pause`
    var sections = parts.steps.map(\.lines)
    if sections.isEmpty { sections = [[]] }
    sections[0] = parts.header + sections[0]
    for (index, section) in sections.enumerated() {
      if index > 0 {
        StandardStream.error.write("── Enter for the next step (Ctrl-D stops) ")
        guard StandardStream.waitForEnter() else { return true }
      }
      guard StandardStream.output.write(section.joined(separator: "\n") + "\n") else {
        return false
      }
    }
    return true
  }

  private static func writeError(_ text: String) {
    StandardStream.error.write(text)
  }
}
