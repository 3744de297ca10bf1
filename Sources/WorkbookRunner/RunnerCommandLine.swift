import Bilingual
import CommandLineKit
import KooberRules
import KooberStory
import ObjectTrace

/// `workbook`'s command line, read once: the language it speaks, then what to do.
///
/// The words are read by the parser the chapters use (``CommandLineOptions``), with each
/// command's options; what the words mean (an exercise that exists, two chapters) is checked
/// here, and every problem is worded in the runner's language.
struct RunnerCommandLine: Equatable {
  /// What the command line asks for.
  enum Reading: Equatable {
    /// Print this usage (the whole command's, or one command's) and stop.
    case help(String)
    /// Run a subcommand.
    case run(Request)
    /// The command line cannot be understood.
    case problem(Problem)
  }

  /// A subcommand to run, as its command read it; exercise and chapter numbers are known to
  /// exist.
  struct Request: Equatable {
    /// What the command's words ask for.
    let asked: any RunnerRequest

    init(_ asked: any RunnerRequest) { self.asked = asked }

    static func == (lhs: Request, rhs: Request) -> Bool { lhs.asked.isEqual(to: rhs.asked) }
  }

  /// Every command, in the order `workbook --help` lists them: the one list of them.
  static let commands: [any RunnerCommand.Type] = [
    ListCommand.self, CheckCommand.self, ReportCommand.self, HintCommand.self,
    ResetCommand.self, SolutionCommand.self, WatchCommand.self, CostCommand.self,
    DiffCommand.self, DevCheckCommand.self,
  ]

  /// The command named `name`, if there is one.
  static func command(named name: String) -> (any RunnerCommand.Type)? {
    commands.first { $0.name == name }
  }

  /// A command line that cannot be understood: one line, then the usage of `command` (of the
  /// whole command when `nil`).
  struct Problem: Error, Equatable {
    let message: String
    let command: String?
  }

  /// The language of everything the command prints: `--lang`, or else the default.
  let language: Language
  /// What to do.
  let reading: Reading

  /// The option every command takes.
  private static let languageOption = TypedOption<Language>(
    name: "lang", defaultValue: nil, help: "")

  /// Reads `arguments` (without the program name); `defaultLanguage` is the environment's.
  init(_ arguments: [String], defaultLanguage: Language) {
    // `--lang` may stand anywhere, before the command too: the command is the first word that
    // is neither `--lang` nor its value, unless that word is an option (`workbook --help`).
    var rest = arguments[...]
    var leading: [String] = []
    while let first = rest.first, first == "--lang" || first.hasPrefix("--lang=") {
      leading.append(rest.removeFirst())
      if first == "--lang", let value = rest.first, !value.hasPrefix("-") {
        leading.append(rest.removeFirst())
      }
    }
    let command = rest.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
    let words = leading + (command == nil ? rest : rest.dropFirst())
    let known = command.map { $0 == "help" || Self.command(named: $0) != nil } ?? true
    let parsed: ParsedOptions
    do {
      // An unknown command is named as such, in the language asked for; the rest is not read.
      parsed = try Self.grammar(of: known ? command : nil).parse(
        known ? words : Self.languageWords(in: words))
    } catch {
      let chosen = try? Self.grammar(of: nil).parse(Self.languageWords(in: words))
      language = chosen?[Self.languageOption] ?? defaultLanguage
      reading = .problem(Self.problem(error, command: command, texts: .in(language)))
      return
    }
    language = parsed[Self.languageOption] ?? defaultLanguage
    let texts = RunnerTexts.in(language)
    guard let command else {
      reading = .help(texts.usage)
      return
    }
    if command == "help" {
      // `workbook help check` is `workbook check --help`.
      let asked = parsed.arguments.first
      reading =
        asked.map { name in
          texts.commandUsage(name).map(Reading.help)
            ?? .problem(
              Problem(message: texts.unknownCommand(UsageError.quoted(name)), command: nil))
        } ?? .help(texts.usage)
      return
    }
    guard known, let declared = Self.command(named: command), let help = texts.commandUsage(command)
    else {
      reading = .problem(
        Problem(message: texts.unknownCommand(UsageError.quoted(command)), command: nil))
      return
    }
    if parsed.wantsHelp {
      reading = .help(help)
      return
    }
    switch declared.request(parsed, texts: texts) {
    case .success(let request): reading = .run(Request(request))
    case .failure(let problem): reading = .problem(problem)
    }
  }

  // MARK: - The words each command takes

  /// The options, flags and arguments `command` takes (the whole command's when `nil` or
  /// unknown: `--lang` and `--help`; `help` takes the command to explain).
  private static func grammar(of command: String?) -> CommandLineOptions {
    let declared = command.flatMap(Self.command(named:))
    return CommandLineOptions(
      command: "workbook", summary: "",
      options: [languageOption.declaration] + (declared?.options ?? []),
      flags: declared?.flags ?? [],
      maximumArguments: command == "help" ? 1 : declared?.maximumArguments ?? 0)
  }

  /// Only the `--lang` words of `words`, to learn the language of a problem's message.
  private static func languageWords(in words: [String]) -> [String] {
    var kept: [String] = []
    var rest = words[...]
    while let word = rest.popFirst() {
      if word.hasPrefix("--lang=") { kept.append(word) }
      if word == "--lang" {
        kept.append(word)
        if let value = rest.popFirst() { kept.append(value) }
      }
    }
    return kept
  }

  // MARK: - Problems

  /// The parser's `error`, worded in the runner's language, for `command`'s usage.
  private static func problem(_ error: UsageError, command: String?, texts: RunnerTexts)
    -> Problem
  {
    let declared = command.flatMap(Self.command(named:))
    let message: String
    switch error.problem {
    case .invalidValue(let value, languageOption.declaration.name, _):
      return Problem(message: texts.languageValue(UsageError.quoted(value)), command: nil)
    case .invalidValue(let value, let option, _):
      let quoted = UsageError.quoted(value)
      message = declared?.invalidValue(quoted, of: option, texts: texts) ?? error.description
    case .missingValue(languageOption.declaration.name):
      return Problem(message: texts.languageValue("''"), command: nil)
    case .missingValue(let option): message = texts.missingValue("--" + option)
    case .unknownOption(let option): message = texts.unknownOption(UsageError.quoted(option))
    case .unexpectedArgument(let argument):
      message = texts.unexpectedArgument(UsageError.quoted(argument))
    case .givenTwice(let option): message = texts.givenTwice("--" + option)
    case .takesNoValue(let option): message = texts.takesNoValue("--" + option)
    case .notTogether(let options): message = texts.notTogether(options.map { "--" + $0 })
    case .needs(let option, let flag): message = texts.needs("--" + option, "--" + flag)
    case .other(let text): message = text
    }
    return Problem(message: message, command: declared?.name)
  }
}
