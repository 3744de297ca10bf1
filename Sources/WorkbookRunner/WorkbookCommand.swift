import Foundation
import KooberRules
import KooberStory
import ObjectTrace

/// `workbook`: the classroom exercises' runner. Every message ends with the learner's next step.
///
/// Exit status: 0 when the command did what was asked (and, for `check`, everything passed),
/// 1 when a check did not pass or something could not be done, 2 for a bad command line (one
/// error line and the usage on standard error).
public struct WorkbookCommand {
  /// The command line, without the program name.
  let arguments: [String]
  /// The language of texts.
  var language: Language
  /// Where the workbook is.
  let workspace: Workspace
  /// Whether something went wrong on the way (a write to standard output, saving progress).
  var failed = false

  /// The texts in the chosen language.
  var texts: RunnerTexts { .in(language) }

  /// Runs the command line `arguments` in the workbook found from the current folder.
  public static func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
    StandardStream.reportBrokenPipes()
    var arguments = arguments
    var language = Self.defaultLanguage()
    if let index = arguments.firstIndex(where: { $0 == "--lang" || $0.hasPrefix("--lang=") }) {
      let value: String?
      if arguments[index].hasPrefix("--lang=") {
        value = String(arguments[index].dropFirst("--lang=".count))
        arguments.remove(at: index)
      } else {
        value = arguments.indices.contains(index + 1) ? arguments[index + 1] : nil
        arguments.removeSubrange(index...min(index + 1, arguments.count - 1))
      }
      guard let chosen = value.flatMap(Language.init(rawValue:)) else {
        let texts = RunnerTexts.in(language)
        return usageError(texts.languageValue(quoted(value ?? "")), command: nil, texts: texts)
      }
      language = chosen
    }
    let texts = RunnerTexts.in(language)
    let command = arguments.first
    if command == nil || command == "--help" || command == "-h" || command == "help" {
      return StandardStream.output.write(texts.usage) ? 0 : 1
    }
    if let command, arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
      guard let help = texts.commandUsage[command] else {
        return usageError(texts.unknownCommand(quoted(command)), command: nil, texts: texts)
      }
      return StandardStream.output.write(help) ? 0 : 1
    }
    let workspace: Workspace
    do {
      workspace = try Workspace.find(
        from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    } catch {
      StandardStream.error.write("workbook: \(texts.error): \(error.text(in: language))\n")
      return 1
    }
    var runner = WorkbookCommand(arguments: arguments, language: language, workspace: workspace)
    return runner.run()
  }

  /// Korean when `LANG` (or `LC_ALL`) asks for it, English otherwise.
  static func defaultLanguage() -> Language { WorkbookLanguage.fromEnvironment() }

  mutating func run() -> Int32 {
    let rest = Array(arguments.dropFirst())
    switch arguments[0] {
    case "list":
      guard rest.isEmpty else { return usageError(unexpected: rest[0], command: "list") }
      return list()
    case "check":
      if rest == ["--all", "--json"] || rest == ["--json", "--all"] {
        return checkAll(json: true)
      }
      if rest == ["--all"] { return checkAll(json: false) }
      guard let exercise = exercise(rest, command: "check") else { return 2 }
      return check(exercise)
    case "report":
      return report(rest)
    case "hint":
      guard let exercise = exercise(rest, command: "hint") else { return 2 }
      return hint(exercise)
    case "reset":
      if rest == ["--all"] { return resetAll() }
      guard let exercise = exercise(rest, command: "reset") else { return 2 }
      return reset(exercise)
    case "solution":
      let confirmed = rest.contains { $0 == "--yes" || $0 == "-y" }
      guard
        let exercise = exercise(rest.filter { $0 != "--yes" && $0 != "-y" }, command: "solution")
      else { return 2 }
      return solution(exercise, confirmed: confirmed)
    case "watch":
      guard rest.isEmpty else { return usageError(unexpected: rest[0], command: "watch") }
      return watch()
    case "cost":
      guard rest.isEmpty else { return usageError(unexpected: rest[0], command: "cost") }
      return cost()
    case "diff":
      var rest = rest
      var html = false
      if let index = rest.firstIndex(where: { $0 == "--format" || $0.hasPrefix("--format=") }) {
        let value =
          rest[index] == "--format"
          ? (rest.indices.contains(index + 1) ? rest.remove(at: index + 1) : "")
          : String(rest[index].dropFirst("--format=".count))
        rest.remove(at: index)
        guard value == "text" || value == "html" else {
          return usageError(texts.diffFormat(Self.quoted(value)), command: "diff")
        }
        html = value == "html"
      }
      let numbers = rest.compactMap { Int($0) }.filter(ChapterCatalog.numbers.contains)
      guard rest.count == 2, numbers.count == 2 else {
        return usageError(
          rest.count == 2
            ? texts.diffNotChapters(rest.map(Self.quoted)) : texts.diffNeedsTwoChapters,
          command: "diff")
      }
      return diff(numbers[0], numbers[1], html: html)
    case "dev":
      guard rest == ["check"] else {
        return usageError(
          rest.isEmpty ? texts.devNeedsSubcommand : texts.unknownDevCommand(Self.quoted(rest[0])),
          command: "dev")
      }
      return devCheck()
    default:
      return usageError(texts.unknownCommand(Self.quoted(arguments[0])), command: nil)
    }
  }

  // MARK: - Arguments

  /// The exercise a command's one argument names, or `nil` after a usage error.
  private func exercise(_ rest: [String], command: String) -> Exercise? {
    guard let argument = rest.first else {
      _ = usageError(texts.needsExercise(command, Exercise.all.count), command: command)
      return nil
    }
    guard rest.count == 1 else {
      _ = usageError(unexpected: rest[1], command: command)
      return nil
    }
    guard let number = Int(argument), let exercise = Exercise.numbered(number) else {
      _ = usageError(
        texts.noExercise(Self.quoted(argument), Exercise.all.count), command: command)
      return nil
    }
    return exercise
  }

  func usageError(unexpected argument: String, command: String?) -> Int32 {
    usageError(texts.unexpectedArgument(Self.quoted(argument)), command: command)
  }

  func usageError(_ message: String, command: String?) -> Int32 {
    Self.usageError(message, command: command, texts: texts)
  }

  /// One error line, then the usage, on standard error; status 2.
  static func usageError(_ message: String, command: String?, texts: RunnerTexts) -> Int32 {
    let help = command.flatMap { texts.commandUsage[$0] } ?? texts.usage
    StandardStream.error.write("workbook: \(texts.error): \(message)\n\n\(help)")
    return 2
  }

  /// `'value'` with control characters escaped and long values cut, for one error line.
  static func quoted(_ value: String) -> String { UsageError.quoted(value) }

  // MARK: - Output

  /// Writes `text` to standard output; remembers a failure for the exit status.
  mutating func say(_ text: String) {
    if !StandardStream.output.write(text + "\n") { failed = true }
  }

  /// Writes one warning or error line to standard error.
  func complain(_ text: String) {
    StandardStream.error.write("workbook: \(text)\n")
  }

  /// Writes one error line to standard error: `workbook: error: …`, in the chosen language.
  func complain(error text: String) { complain("\(texts.error): \(text)") }

  /// Writes `error` as one error line, in the chosen language when it is the workbook's own.
  func complain(error: any Error) {
    complain(error: (error as? WorkbookError)?.text(in: language) ?? "\(error)")
  }

  /// The exit status for a command that otherwise succeeded with `status`.
  func finish(_ status: Int32) -> Int32 { failed && status == 0 ? 1 : status }

  var store: ProgressStore {
    ProgressStore(workspace: workspace, texts: texts) {
      StandardStream.error.write("workbook: \($0)\n")
    }
  }

  /// Records a change to the progress; a failure is one line and a non-zero status, never lost
  /// work. Returns what `change` returns, or `nil` when the progress could not be saved.
  @discardableResult
  mutating func record<Result>(_ change: (inout ProgressState) -> Result) -> Result? {
    do {
      return try store.update(change)
    } catch {
      complain(error: error)
      failed = true
      return nil
    }
  }
}
