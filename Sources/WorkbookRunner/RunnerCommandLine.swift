import KooberRules
import KooberStory
import ObjectTrace

/// `workbook`'s command line, read once: the language it speaks, then what to do.
struct RunnerCommandLine: Equatable {
  /// What the command line asks for; exercise and chapter numbers are known to exist.
  enum Request: Equatable {
    /// The usage of the whole command.
    case usage
    /// `workbook <command> --help`: that command's usage.
    case commandUsage(String)
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
  /// What to do, or why the command line cannot be understood.
  let request: Result<Request, Problem>

  /// Reads `arguments` (without the program name); `defaultLanguage` is the environment's.
  init(_ arguments: [String], defaultLanguage: Language) {
    var arguments = arguments
    var language = defaultLanguage
    var languageProblem: String?
    if let index = arguments.firstIndex(where: { $0 == "--lang" || $0.hasPrefix("--lang=") }) {
      let value: String?
      if arguments[index].hasPrefix("--lang=") {
        value = String(arguments[index].dropFirst("--lang=".count))
        arguments.remove(at: index)
      } else {
        value = arguments.indices.contains(index + 1) ? arguments[index + 1] : nil
        arguments.removeSubrange(index...min(index + 1, arguments.count - 1))
      }
      if let chosen = value.flatMap(Language.init(rawValue:)) {
        language = chosen
      } else {
        languageProblem = RunnerTexts.in(language).languageValue(UsageError.quoted(value ?? ""))
      }
    }
    self.language = language
    if let languageProblem {
      request = .failure(Problem(message: languageProblem, command: nil))
    } else {
      request = Self.request(arguments, texts: .in(language))
    }
  }

  /// What `arguments` (without `--lang`) ask for.
  private static func request(_ arguments: [String], texts: RunnerTexts)
    -> Result<Request, Problem>
  {
    guard let command = arguments.first, !["--help", "-h", "help"].contains(command) else {
      return .success(.usage)
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains(where: { $0 == "--help" || $0 == "-h" }) {
      guard let help = texts.commandUsage[command] else {
        return .failure(Problem(message: texts.unknownCommand(quoted(command)), command: nil))
      }
      return .success(.commandUsage(help))
    }
    /// The one exercise number `rest` names.
    func exercise(_ rest: [String]) -> Result<Int, Problem> {
      guard let argument = rest.first else {
        return .failure(
          Problem(message: texts.needsExercise(command, Exercise.all.count), command: command))
      }
      guard rest.count == 1 else { return unexpected(rest[1]) }
      guard let number = Int(argument), Exercise.numbered(number) != nil else {
        return .failure(
          Problem(
            message: texts.noExercise(quoted(argument), Exercise.all.count), command: command))
      }
      return .success(number)
    }
    func unexpected<Value>(_ argument: String) -> Result<Value, Problem> {
      .failure(Problem(message: texts.unexpectedArgument(quoted(argument)), command: command))
    }
    func nothingMore(_ request: Request) -> Result<Request, Problem> {
      rest.first.map(unexpected) ?? .success(request)
    }
    switch command {
    case "list": return nothingMore(.list)
    case "watch": return nothingMore(.watch)
    case "cost": return nothingMore(.cost)
    case "check":
      if rest == ["--all", "--json"] || rest == ["--json", "--all"] {
        return .success(.checkAll(json: true))
      }
      if rest == ["--all"] { return .success(.checkAll(json: false)) }
      return exercise(rest).map { .check(exercise: $0) }
    case "hint":
      return exercise(rest).map { .hint(exercise: $0) }
    case "reset":
      if rest == ["--all"] { return .success(.reset(exercise: nil)) }
      return exercise(rest).map { .reset(exercise: $0) }
    case "solution":
      let confirmed = rest.contains { $0 == "--yes" || $0 == "-y" }
      return exercise(rest.filter { $0 != "--yes" && $0 != "-y" }).map {
        .solution(exercise: $0, confirmed: confirmed)
      }
    case "report":
      return report(rest, texts: texts)
    case "diff":
      return diff(rest, texts: texts)
    case "dev":
      if rest == ["pictures"] { return .success(.devPictures) }
      guard rest == ["check"] else {
        return .failure(
          Problem(
            message: rest.isEmpty
              ? texts.devNeedsSubcommand : texts.unknownDevCommand(quoted(rest[0])),
            command: "dev"))
      }
      return .success(.devCheck)
    default:
      return .failure(Problem(message: texts.unknownCommand(quoted(command)), command: nil))
    }
  }

  /// `report FILE [--format markdown|exercism]`.
  private static func report(_ arguments: [String], texts: RunnerTexts)
    -> Result<Request, Problem>
  {
    var rest = arguments
    var format = "markdown"
    if let value = takeFormat(from: &rest) {
      guard value == "markdown" || value == "exercism" else {
        return .failure(Problem(message: texts.reportFormat(quoted(value)), command: "report"))
      }
      format = value
    }
    guard let path = rest.first else {
      return .failure(Problem(message: texts.reportNeedsFile, command: "report"))
    }
    guard rest.count == 1 else {
      return .failure(
        Problem(message: texts.unexpectedArgument(quoted(rest[1])), command: "report"))
    }
    return .success(.report(path: path, exercism: format == "exercism"))
  }

  /// `diff A B [--format text|html]`.
  private static func diff(_ arguments: [String], texts: RunnerTexts)
    -> Result<Request, Problem>
  {
    var rest = arguments
    var html = false
    if let value = takeFormat(from: &rest) {
      guard value == "text" || value == "html" else {
        return .failure(Problem(message: texts.diffFormat(quoted(value)), command: "diff"))
      }
      html = value == "html"
    }
    let numbers = rest.compactMap { Int($0) }.filter(ChapterCatalog.numbers.contains)
    guard rest.count == 2, numbers.count == 2 else {
      return .failure(
        Problem(
          message: rest.count == 2
            ? texts.diffNotChapters(rest.map(quoted)) : texts.diffNeedsTwoChapters,
          command: "diff"))
    }
    return .success(.diff(first: numbers[0], second: numbers[1], html: html))
  }

  /// Takes `--format VALUE` or `--format=VALUE` out of `arguments`; its value (empty when it
  /// has none), or `nil` when it is not there.
  private static func takeFormat(from arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(where: { $0 == "--format" || $0.hasPrefix("--format=") })
    else { return nil }
    let value =
      arguments[index] == "--format"
      ? (arguments.indices.contains(index + 1) ? arguments.remove(at: index + 1) : "")
      : String(arguments[index].dropFirst("--format=".count))
    arguments.remove(at: index)
    return value
  }

  /// `'value'` with control characters escaped and long values cut, for one error line.
  static func quoted(_ value: String) -> String { UsageError.quoted(value) }
}
