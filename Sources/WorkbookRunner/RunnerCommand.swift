import Bilingual
import CommandLineKit
import KooberRules

/// One `workbook` command, declared once, in its own subcommand's file: its name, the words it
/// takes, its help in each language, and the subcommand its words ask for.
/// ``RunnerCommandLine/commands`` lists them in the order `workbook --help` shows them, as
/// swift-argument-parser's `subcommands:` does; nothing else names a command.
protocol RunnerCommand: SendableMetatype {
  /// The word that names it, e.g. `check`.
  static var name: String { get }
  /// Its options beyond `--lang`, e.g. `--format`.
  static var options: [ValueOption] { get }
  /// Its flags beyond `--help`, e.g. `--all`.
  static var flags: [FlagOption] { get }
  /// How many arguments it takes at most.
  static var maximumArguments: Int { get }
  /// Its lines in the command list of `workbook --help`.
  static var summary: Localized { get }
  /// `workbook <name> --help`.
  static var usage: Localized { get }
  /// What to say, in `texts`' language, of `quoted`, a value `option` does not take; `nil` for
  /// the parser's English line.
  static func invalidValue(_ quoted: String, of option: String, texts: RunnerTexts) -> String?
  /// What `parsed` (words this command takes) asks it to do, or why that cannot be done, in
  /// `texts`' language.
  static func request(_ parsed: ParsedOptions, texts: RunnerTexts) -> Result<
    any RunnerRequest, RunnerCommandLine.Problem
  >
}

extension RunnerCommand {
  static var options: [ValueOption] { [] }
  static var flags: [FlagOption] { [] }
  static var maximumArguments: Int { 0 }
  static func invalidValue(_ quoted: String, of option: String, texts: RunnerTexts) -> String? {
    nil
  }

  /// The one exercise number `parsed` names, checked to exist.
  static func exercise(_ parsed: ParsedOptions, texts: RunnerTexts) -> Result<
    Int, RunnerCommandLine.Problem
  > {
    guard let argument = parsed.arguments.first else {
      return .failure(
        .init(message: texts.needsExercise(name, Exercise.all.count), command: name))
    }
    guard let number = Int(argument), Exercise.numbered(number) != nil else {
      let quoted = UsageError.quoted(argument)
      return .failure(.init(message: texts.noExercise(quoted, Exercise.all.count), command: name))
    }
    return .success(number)
  }

  /// `argument` is one more than this command takes.
  static func unexpected(_ argument: String, texts: RunnerTexts) -> Result<
    any RunnerRequest, RunnerCommandLine.Problem
  > {
    .failure(.init(message: texts.unexpectedArgument(UsageError.quoted(argument)), command: name))
  }
}

/// What a command line asks to run, once read: compared in tests, and made into its subcommand
/// once the workbook is found.
protocol RunnerRequest: Sendable {
  /// The subcommand that does it, speaking through `output`.
  func subcommand(output: RunnerOutput) -> any RunnerSubcommand
  /// Whether `other` asks for the same.
  func isEqual(to other: any RunnerRequest) -> Bool
}

extension RunnerRequest where Self: Equatable {
  func isEqual(to other: any RunnerRequest) -> Bool { (other as? Self) == self }
}

extension Exercise {
  /// The exercise numbered `number`, which the command line has checked exists: any other number
  /// is the workbook's own mistake, stopped here rather than answered with exercise 1.
  static func known(_ number: Int) -> Exercise {
    guard let exercise = numbered(number) else {
      preconditionFailure(
        "exercise \(number) is not in the catalog, though the command line took it")
    }
    return exercise
  }
}
