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

  /// Describes an option.
  public init(name: String, values: [String], defaultValue: String?, help: String) {
    self.name = name
    self.values = values
    self.defaultValue = defaultValue
    self.help = help
  }
}

/// An option that takes no value: `--pause`.
public struct FlagOption: Sendable {
  /// The name without dashes, e.g. `pause`.
  public let name: String
  /// One line for `--help`.
  public let help: String

  /// Describes a flag.
  public init(name: String, help: String) {
    self.name = name
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

  /// The value of `option`, if it has one.
  public subscript(option: String) -> String? { values[option] }
}

/// A command line that cannot be understood; its message is one line.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, e.g. `unknown option '--nope'`.
  public let description: String

  /// Describes what is wrong, in one line.
  public init(description: String) { self.description = description }

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

/// Parses `--name value`, `--name=value` and `--help`; everything else is a ``UsageError``.
///
/// `--help` (or `-h`) wins wherever it stands before `--`; `--` ends the options; each option may
/// be given once.
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

  /// Describes a command.
  public init(
    command: String, summary: String, options: [ValueOption], flags: [FlagOption] = [],
    exclusive: [[String]] = []
  ) {
    self.command = command
    self.summary = summary
    self.options = options
    self.flags = flags
    self.exclusive = exclusive
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
        throw UsageError(description: "unexpected argument \(UsageError.quoted(argument))")
      }
      guard argument.hasPrefix("--") else {
        throw UsageError(description: "unknown option \(UsageError.quoted(argument))")
      }
      var name = Substring(argument.dropFirst(2))
      var value: String?
      if let equals = name.firstIndex(of: "=") {
        value = String(name[name.index(after: equals)...])
        name = name[..<equals]
      }
      if let flag = flags.first(where: { $0.name == name }) {
        guard value == nil else {
          throw UsageError(description: "'--\(flag.name)' takes no value")
        }
        guard parsed.flags.insert(flag.name).inserted else {
          throw UsageError(description: "'--\(flag.name)' is given more than once")
        }
        continue
      }
      guard let option = options.first(where: { $0.name == name }) else {
        throw UsageError(description: "unknown option \(UsageError.quoted("--" + name))")
      }
      guard !given.contains(option.name) else {
        throw UsageError(description: "'--\(option.name)' is given more than once")
      }
      if value == nil {
        guard let next = remaining.first, !next.hasPrefix("-") else {
          throw UsageError(description: "missing value for '--\(option.name)'")
        }
        value = remaining.removeFirst()
      }
      guard let value, option.values.contains(value) else {
        throw UsageError(
          description: "invalid value \(UsageError.quoted(value ?? "")) for '--\(option.name)'; "
            + "expected one of: " + option.values.joined(separator: ", "))
      }
      parsed.values[option.name] = value
      given.append(option.name)
    }
    if let extra = arguments.drop(while: { $0 != "--" }).dropFirst().first {
      throw UsageError(description: "unexpected argument \(UsageError.quoted(extra))")
    }
    let named = given + parsed.flags.sorted()
    for group in exclusive where group.filter(named.contains).count > 1 {
      let names = group.filter(named.contains).map { "'--\($0)'" }
      throw UsageError(description: names.joined(separator: " and ") + " cannot be used together")
    }
    return parsed
  }

  /// The text `--help` prints, also printed after a usage error.
  public var usage: String {
    let synopsis =
      options.map { "[--\($0.name) \($0.values.joined(separator: "|"))]" }
      + flags.map { "[--\($0.name)]" }
    var lines = [
      "usage: \(command) \(synopsis.joined(separator: " "))", "", summary, "", "options:",
    ]
    for option in options {
      let defaultText = option.defaultValue.map { " (default: \($0))" } ?? ""
      lines.append(
        column("  --\(option.name) <\(option.name)>")
          + option.help + defaultText)
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
