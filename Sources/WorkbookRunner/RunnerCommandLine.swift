import CommandLineKit
import KooberRules
import KooberStory
import ObjectTrace
import TracePictures

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

  /// A subcommand to run; exercise and chapter numbers are known to exist.
  enum Request: Equatable {
    case list
    case check(exercise: Int)
    case checkAll(json: Bool)
    case report(path: String, exercism: Bool)
    case hint(exercise: Int)
    /// `reset N`, or `reset --all` (`nil`).
    case reset(exercise: Int?)
    case solution(exercise: Int, confirmed: Bool)
    case watch
    case cost
    case diff(first: Int, second: Int, html: Bool)
    case devCheck
    case devPictures
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
  private static let languageOption = ValueOption(
    name: "lang", values: Language.allCases.map(\.rawValue), defaultValue: nil, help: "")

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
    let known = command.map { $0 == "help" || RunnerTexts.english.commandUsage[$0] != nil } ?? true
    let parsed: ParsedOptions
    do {
      // An unknown command is named as such, in the language asked for; the rest is not read.
      parsed = try Self.grammar(of: known ? command : nil).parse(
        known ? words : Self.languageWords(in: words))
    } catch {
      let chosen = try? Self.grammar(of: nil).parse(Self.languageWords(in: words))
      language = chosen?["lang"].flatMap(Language.init(rawValue:)) ?? defaultLanguage
      reading = .problem(Self.problem(error, command: command, texts: .in(language)))
      return
    }
    language = parsed["lang"].flatMap(Language.init(rawValue:)) ?? defaultLanguage
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
          texts.commandUsage[name].map(Reading.help)
            ?? .problem(
              Problem(message: texts.unknownCommand(UsageError.quoted(name)), command: nil))
        } ?? .help(texts.usage)
      return
    }
    guard known, let help = texts.commandUsage[command] else {
      reading = .problem(
        Problem(message: texts.unknownCommand(UsageError.quoted(command)), command: nil))
      return
    }
    if parsed.wantsHelp {
      reading = .help(help)
      return
    }
    switch Self.request(command, parsed, texts: texts) {
    case .success(let request): reading = .run(request)
    case .failure(let problem): reading = .problem(problem)
    }
  }

  // MARK: - The words each command takes

  /// The options, flags and arguments `command` takes (the whole command's when `nil` or
  /// unknown: `--lang` and `--help`).
  private static func grammar(of command: String?) -> CommandLineOptions {
    var options = [languageOption]
    var flags: [FlagOption] = []
    var arguments = 0
    switch command {
    case "check":
      flags = [FlagOption(name: "all", help: ""), FlagOption(name: "json", help: "")]
      arguments = 1
    case "hint": arguments = 1
    case "reset":
      flags = [FlagOption(name: "all", help: "")]
      arguments = 1
    case "solution":
      flags = [FlagOption(name: "yes", short: "y", help: "")]
      arguments = 1
    case "report":
      options.append(
        ValueOption(
          name: "format", values: ["markdown", "exercism"], defaultValue: "markdown", help: ""))
      arguments = 1
    case "diff":
      options.append(
        ValueOption(name: "format", values: ["text", "html"], defaultValue: "text", help: ""))
      arguments = 2
    case "dev", "help": arguments = 1
    default: break
    }
    return CommandLineOptions(
      command: "workbook", summary: "", options: options, flags: flags,
      maximumArguments: arguments)
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

  // MARK: - What the words mean

  /// The request `parsed` makes of `command` (a known one).
  private static func request(_ command: String, _ parsed: ParsedOptions, texts: RunnerTexts)
    -> Result<Request, Problem>
  {
    let arguments = parsed.arguments
    let all = parsed.flags.contains("all")
    /// The one exercise number the arguments name.
    func exercise() -> Result<Int, Problem> {
      guard let argument = arguments.first else {
        return .failure(
          Problem(message: texts.needsExercise(command, Exercise.all.count), command: command))
      }
      guard let number = Int(argument), Exercise.numbered(number) != nil else {
        let quoted = UsageError.quoted(argument)
        return .failure(
          Problem(message: texts.noExercise(quoted, Exercise.all.count), command: command))
      }
      return .success(number)
    }
    switch command {
    case "list": return .success(.list)
    case "watch": return .success(.watch)
    case "cost": return .success(.cost)
    case "check":
      if all {
        return arguments.first.map { unexpected($0, command: command, texts: texts) }
          ?? .success(.checkAll(json: parsed.flags.contains("json")))
      }
      if parsed.flags.contains("json") {
        return unexpected("--json", command: command, texts: texts)
      }
      return exercise().map { .check(exercise: $0) }
    case "hint":
      return exercise().map { .hint(exercise: $0) }
    case "reset":
      if all {
        return arguments.first.map { unexpected($0, command: command, texts: texts) }
          ?? .success(.reset(exercise: nil))
      }
      return exercise().map { .reset(exercise: $0) }
    case "solution":
      return exercise().map { .solution(exercise: $0, confirmed: parsed.flags.contains("yes")) }
    case "report":
      guard let path = arguments.first else {
        return .failure(Problem(message: texts.reportNeedsFile, command: command))
      }
      return .success(.report(path: path, exercism: parsed["format"] == "exercism"))
    case "diff":
      let numbers = arguments.compactMap { Int($0) }.filter(ChapterCatalog.numbers.contains)
      guard arguments.count == 2, numbers.count == 2 else {
        return .failure(
          Problem(
            message: arguments.count == 2
              ? texts.diffNotChapters(arguments.map { UsageError.quoted($0) })
              : texts.diffNeedsTwoChapters,
            command: command))
      }
      return .success(
        .diff(first: numbers[0], second: numbers[1], html: parsed["format"] == "html"))
    default:  // "dev"
      switch arguments.first {
      case "check": return .success(.devCheck)
      case "pictures": return .success(.devPictures)
      case nil: return .failure(Problem(message: texts.devNeedsSubcommand, command: command))
      case .some(let other):
        return .failure(
          Problem(message: texts.unknownDevCommand(UsageError.quoted(other)), command: command))
      }
    }
  }

  /// `argument` is one more than `command` takes.
  private static func unexpected<Value>(_ argument: String, command: String?, texts: RunnerTexts)
    -> Result<Value, Problem>
  {
    .failure(
      Problem(message: texts.unexpectedArgument(UsageError.quoted(argument)), command: command))
  }

  /// The parser's `error`, worded in the runner's language, for `command`'s usage.
  private static func problem(_ error: UsageError, command: String?, texts: RunnerTexts)
    -> Problem
  {
    let known = command.flatMap { texts.commandUsage[$0] } != nil ? command : nil
    let message: String
    switch error.problem {
    case .invalidValue(let value, "lang", _):
      return Problem(message: texts.languageValue(UsageError.quoted(value)), command: nil)
    case .invalidValue(let value, _, _):
      let quoted = UsageError.quoted(value)
      message = command == "diff" ? texts.diffFormat(quoted) : texts.reportFormat(quoted)
    case .missingValue("lang"):
      return Problem(message: texts.languageValue("''"), command: nil)
    case .missingValue(let option): message = texts.missingValue("--" + option)
    case .unknownOption(let option): message = texts.unknownOption(UsageError.quoted(option))
    case .unexpectedArgument(let argument):
      message = texts.unexpectedArgument(UsageError.quoted(argument))
    case .givenTwice(let option): message = texts.givenTwice("--" + option)
    case .takesNoValue(let option): message = texts.takesNoValue("--" + option)
    case .notTogether(let options): message = texts.notTogether(options.map { "--" + $0 })
    case .other(let text): message = text
    }
    return Problem(message: message, command: known)
  }
}
