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

/// A command line's meaning: each option's value, or a request for help.
public struct ParsedOptions: Equatable, Sendable {
  /// Option name → value, including defaults.
  public var values: [String: String] = [:]
  /// Whether `--help` or `-h` was given.
  public var wantsHelp = false

  /// The value of `option`, if it has one.
  public subscript(option: String) -> String? { values[option] }
}

/// A command line that cannot be understood; its message is one line.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, e.g. `unknown option '--nope'`.
  public let description: String

  /// Describes what is wrong, in one line.
  public init(description: String) { self.description = description }
}

/// Parses `--name value`, `--name=value` and `--help`; everything else is a ``UsageError``.
public struct CommandLineOptions: Sendable {
  /// The command's name, for the usage text.
  public let command: String
  /// One line saying what the command does.
  public let summary: String
  /// The options it takes.
  public let options: [ValueOption]
  /// Groups of options of which at most one may be given, e.g. `["server", "preview"]`.
  public let exclusive: [[String]]

  /// Describes a command.
  public init(
    command: String, summary: String, options: [ValueOption], exclusive: [[String]] = []
  ) {
    self.command = command
    self.summary = summary
    self.options = options
    self.exclusive = exclusive
  }

  /// Parses `arguments` (without the program name).
  public func parse(_ arguments: [String]) throws(UsageError) -> ParsedOptions {
    var parsed = ParsedOptions()
    for option in options {
      if let value = option.defaultValue { parsed.values[option.name] = value }
    }
    var given: Set<String> = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--help" || argument == "-h" {
        parsed.wantsHelp = true
        continue
      }
      guard argument.hasPrefix("--") else {
        throw UsageError(description: "unexpected argument '\(argument)'")
      }
      var name = String(argument.dropFirst(2))
      var value: String?
      if let equals = name.firstIndex(of: "=") {
        value = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let option = options.first(where: { $0.name == name }) else {
        throw UsageError(description: "unknown option '--\(name)'")
      }
      if value == nil {
        guard let next = remaining.first, !next.hasPrefix("--") else {
          throw UsageError(description: "missing value for '--\(name)'")
        }
        value = remaining.removeFirst()
      }
      guard let value, option.values.contains(value) else {
        throw UsageError(
          description: "invalid value '\(value ?? "")' for '--\(name)'; expected one of: "
            + option.values.joined(separator: ", "))
      }
      parsed.values[name] = value
      given.insert(name)
    }
    for group in exclusive where group.filter(given.contains).count > 1 {
      let names = group.filter(given.contains).map { "'--\($0)'" }
      throw UsageError(description: names.joined(separator: " and ") + " cannot be used together")
    }
    return parsed
  }

  /// The text `--help` prints, also printed after a usage error.
  public var usage: String {
    let synopsis = options.map { "[--\($0.name) \($0.values.joined(separator: "|"))]" }
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
    lines.append(
      column("  -h, --help") + "show this help")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` padded with spaces to the help text's column.
  private func column(_ text: String) -> String {
    text + String(repeating: " ", count: max(1, 24 - text.count))
  }
}
