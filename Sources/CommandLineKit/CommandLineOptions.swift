/// An option that takes one value from a fixed list: `--format json` or `--format=json`.
public struct ValueOption: Sendable {
  /// The name without dashes, e.g. `format`.
  public let name: String
  /// What the value may be.
  public let values: [String]
  /// The value when the option is not given; `nil` when leaving it out means "not asked for".
  public let defaultValue: String?
  /// One line for `--help`.
  public let help: String
  /// The flag this option goes with, if it means nothing alone (`--format` with `--trace`):
  /// given without it, the command line is refused, and the usage shows it inside that flag's
  /// brackets.
  public let requires: String?

  /// Describes an option.
  public init(
    name: String, values: [String], defaultValue: String?, help: String, requires: String? = nil
  ) {
    self.name = name
    self.values = values
    self.defaultValue = defaultValue
    self.help = help
    self.requires = requires
  }

  /// This option, going with `flag`.
  public func requiring(_ flag: FlagOption) -> ValueOption {
    ValueOption(
      name: name, values: values, defaultValue: defaultValue, help: help, requires: flag.name)
  }
}

/// An option that takes no value: `--pause`, or `--yes` with its short form `-y`.
public struct FlagOption: Sendable {
  /// The name without dashes, e.g. `pause`.
  public let name: String
  /// The one-letter form, given after one dash (`y` for `-y`), if the flag has one.
  public let short: Character?
  /// One line for `--help`.
  public let help: String

  /// Describes a flag.
  public init(name: String, short: Character? = nil, help: String) {
    self.name = name
    self.short = short
    self.help = help
  }
}

/// A command line's meaning: each option's value, or a request for help.
public struct ParsedOptions: Equatable, Sendable {
  /// Option name → value, including defaults.
  public var values: [String: String] = [:]
  /// Whether `--help` or `-h` was given.
  public var wantsHelp = false
  /// The flags given.
  public var flags: Set<String> = []
  /// The arguments that are not options, in order (at most the command's
  /// ``CommandLineOptions/maximumArguments``).
  public var arguments: [String] = []

  /// The value given for `option`, or its default; `nil` when it has neither.
  public subscript(option: ValueOption) -> String? { values[option.name] }

  /// The value given for `option`, or its default, as one of `Value`'s cases; `nil` when it has
  /// neither.
  public subscript<Value>(option: TypedOption<Value>) -> Value? {
    values[option.declaration.name].flatMap(Value.init(rawValue:))
  }

  /// Whether `flag` was given.
  public func contains(_ flag: FlagOption) -> Bool { flags.contains(flag.name) }
}

/// A command line that cannot be understood: what is wrong, as parts a command can word in its
/// own language, and in English as its ``description`` (one line).
public struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong. Values and option names are as given; ``quoted(_:)`` makes them fit a line.
  public enum Problem: Equatable, Sendable {
    /// An option no one declared, e.g. `--nope` or `-x`.
    case unknownOption(String)
    /// An argument the command does not take (one more than it takes, or any at all).
    case unexpectedArgument(String)
    /// An option that takes a value came last, or before another option.
    case missingValue(option: String)
    /// A value not in the option's list.
    case invalidValue(String, option: String, expected: [String])
    /// An option or flag given twice.
    case givenTwice(option: String)
    /// A flag given a value (`--pause=yes`).
    case takesNoValue(option: String)
    /// Two or more options of which at most one may be given.
    case notTogether(options: [String])
    /// An option given without the flag it goes with.
    case needs(option: String, flag: String)
    /// A command's own rule about its options, already worded.
    case other(String)
  }

  /// What is wrong.
  public let problem: Problem

  /// Describes what is wrong.
  public init(_ problem: Problem) { self.problem = problem }

  /// A command's own rule, already worded in one line, e.g. `'--pause' needs a terminal`.
  public init(description: String) { self.problem = .other(description) }

  /// What is wrong, in English, in one line, e.g. `unknown option '--nope'`.
  public var description: String {
    switch problem {
    case .unknownOption(let option): "unknown option \(Self.quoted(option))"
    case .unexpectedArgument(let argument): "unexpected argument \(Self.quoted(argument))"
    case .missingValue(let option): "missing value for '--\(option)'"
    case .invalidValue(let value, let option, let expected):
      "invalid value \(Self.quoted(value)) for '--\(option)'; expected one of: "
        + expected.joined(separator: ", ")
    case .givenTwice(let option): "'--\(option)' is given more than once"
    case .takesNoValue(let option): "'--\(option)' takes no value"
    case .notTogether(let options):
      options.map { "'--\($0)'" }.joined(separator: " and ") + " cannot be used together"
    case .needs(let option, let flag): "'--\(option)' goes with --\(flag)"
    case .other(let text): text
    }
  }

  /// `'value'` fit for a one-line message: control characters escaped (`\n`, `\u{1b}`) and a
  /// long value cut after 40 characters with `…`.
  public static func quoted(_ value: some StringProtocol) -> String {
    var text = ""
    var count = 0
    for scalar in value.unicodeScalars {
      if count == 40 {
        text += "…"
        break
      }
      count += 1
      switch scalar {
      case "\n": text += "\\n"
      case "\t": text += "\\t"
      case "\r": text += "\\r"
      case _
      where scalar.properties.generalCategory == .control
        || scalar.properties.generalCategory == .format:
        text += "\\u{\(String(scalar.value, radix: 16))}"
      default: text.unicodeScalars.append(scalar)
      }
    }
    return "'\(text)'"
  }
}

/// Parses `--name value`, `--name=value`, flags (`--pause`, `-y`), `--help` and up to
/// ``maximumArguments`` plain arguments; everything else is a ``UsageError``.
///
/// `--help` (or `-h`) wins wherever it stands before `--`; `--` ends the options (what follows
/// is arguments); each option may be given once.
public struct CommandLineOptions: Sendable {
  /// The command's name, for the usage text.
  public let command: String
  /// One line saying what the command does.
  public let summary: String
  /// The options it takes.
  public let options: [ValueOption]
  /// Groups of options (or flags) of which at most one may be given, e.g.
  /// `["server", "preview"]`.
  public let exclusive: [[String]]
  /// The options that take no value.
  public let flags: [FlagOption]
  /// How many plain arguments it takes (a chapter none, `workbook diff` two).
  public let maximumArguments: Int

  /// Describes a command.
  public init(
    command: String, summary: String, options: [ValueOption], flags: [FlagOption] = [],
    exclusive: [[String]] = [], maximumArguments: Int = 0
  ) {
    self.command = command
    self.summary = summary
    self.options = options
    self.flags = flags
    self.exclusive = exclusive
    self.maximumArguments = maximumArguments
  }

  /// Parses `arguments` (without the program name).
  public func parse(_ arguments: [String]) throws(UsageError) -> ParsedOptions {
    var parsed = ParsedOptions()
    for option in options {
      if let value = option.defaultValue { parsed.values[option.name] = value }
    }
    let beforeEnd = arguments.prefix { $0 != "--" }
    if beforeEnd.contains(where: { $0 == "--help" || $0 == "-h" }) {
      parsed.wantsHelp = true
      return parsed
    }
    var given: [String] = []
    var remaining = beforeEnd[...]
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("-") else {
        try take(argument, into: &parsed)
        continue
      }
      guard argument.hasPrefix("--") else {
        guard let flag = flags.first(where: { $0.short.map { "-\($0)" } == argument }) else {
          throw UsageError(.unknownOption(argument))
        }
        try set(flag, in: &parsed)
        continue
      }
      var name = Substring(argument.dropFirst(2))
      var value: String?
      if let equals = name.firstIndex(of: "=") {
        value = String(name[name.index(after: equals)...])
        name = name[..<equals]
      }
      if let flag = flags.first(where: { $0.name == name }) {
        guard value == nil else { throw UsageError(.takesNoValue(option: flag.name)) }
        try set(flag, in: &parsed)
        continue
      }
      guard let option = options.first(where: { $0.name == name }) else {
        throw UsageError(.unknownOption("--" + name))
      }
      guard !given.contains(option.name) else {
        throw UsageError(.givenTwice(option: option.name))
      }
      if value == nil {
        guard let next = remaining.first, !next.hasPrefix("-") else {
          throw UsageError(.missingValue(option: option.name))
        }
        value = remaining.removeFirst()
      }
      guard let value, option.values.contains(value) else {
        throw UsageError(
          .invalidValue(value ?? "", option: option.name, expected: option.values))
      }
      parsed.values[option.name] = value
      given.append(option.name)
    }
    for argument in arguments.drop(while: { $0 != "--" }).dropFirst() {
      try take(argument, into: &parsed)
    }
    let named = given + parsed.flags.sorted()
    for group in exclusive where group.filter(named.contains).count > 1 {
      throw UsageError(.notTogether(options: group.filter(named.contains)))
    }
    for option in options where given.contains(option.name) {
      if let flag = option.requires, !named.contains(flag) {
        throw UsageError(.needs(option: option.name, flag: flag))
      }
    }
    return parsed
  }

  /// Counts `flag` as given, once.
  private func set(_ flag: FlagOption, in parsed: inout ParsedOptions) throws(UsageError) {
    guard parsed.flags.insert(flag.name).inserted else {
      throw UsageError(.givenTwice(option: flag.name))
    }
  }

  /// Keeps a plain argument, if the command takes one more.
  private func take(_ argument: String, into parsed: inout ParsedOptions) throws(UsageError) {
    guard parsed.arguments.count < maximumArguments else {
      throw UsageError(.unexpectedArgument(argument))
    }
    parsed.arguments.append(argument)
  }

  /// The text `--help` prints, also printed after a usage error.
  public var usage: String {
    func brackets(_ option: ValueOption) -> String {
      "[--\(option.name) \(option.values.joined(separator: "|"))]"
    }
    // An option that goes with a flag is shown inside the flag's brackets.
    let flagNames = flags.map(\.name)
    let synopsis =
      options.filter { !flagNames.contains($0.requires ?? "") }.map(brackets)
      + flags.map { flag in
        (["[--\(flag.name)"] + options.filter { $0.requires == flag.name }.map(brackets))
          .joined(separator: " ") + "]"
      }
    var lines = [
      "usage: \(command) \(synopsis.joined(separator: " "))", "", summary, "", "options:",
    ]
    for option in options {
      let defaultText = option.defaultValue.map { " (default: \($0))" } ?? ""
      let withText = option.requires.map { ", with --\($0)" } ?? ""
      lines.append(
        column("  --\(option.name) <\(option.name)>")
          + option.help + withText + defaultText)
      lines.append(String(repeating: " ", count: 24) + option.values.joined(separator: ", "))
    }
    for flag in flags { lines.append(column("  --\(flag.name)") + flag.help) }
    lines.append(column("  -h, --help") + "show this help")
    lines += [
      "",
      "A value may also follow an equals sign (--format=json). Each option may be given once;",
      "-- ends the options.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` padded with spaces to the help text's column.
  private func column(_ text: String) -> String {
    text + String(repeating: " ", count: max(1, 24 - text.count))
  }
}
