import Foundation
import KooberRules
import KooberStory

/// `workbook`: the classroom exercises' runner. Every message ends with the learner's next step.
///
/// Exit status: 0 when the command did what was asked (and, for `check`, everything passed),
/// 1 when a check did not pass or something could not be done, 2 for a bad command line (one
/// error line and the usage on standard error).
public struct WorkbookCommand {
  /// The command line, without the program name.
  let arguments: [String]
  /// The language of texts: `en` or `ko`.
  var language: String
  /// Where the workbook is.
  let workspace: Workspace
  /// Whether something went wrong on the way (a write to standard output, saving progress).
  var failed = false

  /// The usage of the whole command.
  static let usage = """
    usage: workbook <command> [options]

    Classroom exercises for the Koober DI Workbook: you write a composition, and the checker
    explains what your objects did, step by step, through the trace.

    commands:
      list                    every exercise, and where you are with it
      check N                 build exercise N and check it against its rules
      check --all [--json]    check every exercise; --json prints the grader's report
      hint N                  the next hint for exercise N
      reset N                 back up your files for exercise N, then restore its starter
      solution N              show exercise N's solution
      watch                   check an exercise again whenever you save one of its files
      diff A B                what chapter B changes against chapter A, step by step
      dev check               for maintainers and CI: starters are generated from the
                              solutions, a solution cut from a chapter is that chapter's
                              file once solved, every starter fails cleanly, every
                              solution passes

    options:
      --lang en|ko            the language of titles, hints and rules (default: from LANG)
      -h, --help              show this help; `workbook <command> --help` for one command

    Start with `swift run workbook list`.

    """

  /// Each command's own help.
  static let commandUsage: [String: String] = [
    "list": "usage: workbook list [--lang en|ko]\n\nShows every exercise: ✓ passed, ✗ failing, "
      + "· not started, ✎ changed since the last check.\n",
    "check": "usage: workbook check N [--lang en|ko]\n       workbook check --all [--json]\n\n"
      + "Builds exercise N alone (your files in its exercise/ folder), plays the story on your\n"
      + "composition and checks each rule on your real objects. With --all, checks every\n"
      + "exercise; --json prints the grader's report. Exit status 0 when all pass, 1 otherwise.\n"
      + "A story that runs longer than \(Int(ExerciseBuild.defaultRunLimit)) seconds is stopped; "
      + "the step it was in is named.\n",
    "hint": "usage: workbook hint N [--lang en|ko]\n\nShows the next hint for exercise N; each "
      + "call shows one more.\n",
    "reset": "usage: workbook reset N\n\nCopies your files for exercise N to .workbook/backups/ "
      + "first, then restores the starter.\n",
    "solution": "usage: workbook solution N [--lang en|ko]\n\nPrints exercise N's solution "
      + "files.\n",
    "watch": "usage: workbook watch [--lang en|ko]\n\nChecks an exercise again each time one of "
      + "its files is saved. Ctrl-C stops.\n",
    "diff": "usage: workbook diff A B\n\nBuilds chapters A and B (1–5) and says, step by step, "
      + "what B changes against A:\nobjects alive in only one, stored references only in one or "
      + "pointing elsewhere,\nholders that changed, findings that appeared or went.\n",
    "dev": "usage: workbook dev check\n\nFor maintainers and CI: proves every committed starter "
      + "is what the solution generates, every solution cut from a chapter is that chapter's\n"
      + "file once solved, every starter fails cleanly, every solution passes.\n",
  ]

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
      guard let value, ["en", "ko"].contains(value) else {
        return usageError("--lang takes en or ko, not \(quoted(value ?? ""))", command: nil)
      }
      language = value
    }
    let command = arguments.first
    if command == nil || command == "--help" || command == "-h" || command == "help" {
      return StandardStream.output.write(usage) ? 0 : 1
    }
    if let command, arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
      guard let help = commandUsage[command] else {
        return usageError("unknown command \(quoted(command))", command: nil)
      }
      return StandardStream.output.write(help) ? 0 : 1
    }
    let workspace: Workspace
    do {
      workspace = try Workspace.find(
        from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    } catch {
      StandardStream.error.write("workbook: error: \(error)\n")
      return 1
    }
    var runner = WorkbookCommand(arguments: arguments, language: language, workspace: workspace)
    return runner.run()
  }

  /// `ko` when `LANG` (or `LC_ALL`) asks for Korean, `en` otherwise.
  static func defaultLanguage() -> String {
    let environment = ProcessInfo.processInfo.environment
    let locale = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"]
    return locale?.hasPrefix("ko") == true ? "ko" : "en"
  }

  mutating func run() -> Int32 {
    let rest = Array(arguments.dropFirst())
    switch arguments[0] {
    case "list":
      guard rest.isEmpty else { return Self.usageError(unexpected: rest[0], command: "list") }
      return list()
    case "check":
      if rest == ["--all", "--json"] || rest == ["--json", "--all"] {
        return checkAll(json: true)
      }
      if rest == ["--all"] { return checkAll(json: false) }
      guard let exercise = exercise(rest, command: "check") else { return 2 }
      return check(exercise)
    case "hint":
      guard let exercise = exercise(rest, command: "hint") else { return 2 }
      return hint(exercise)
    case "reset":
      guard let exercise = exercise(rest, command: "reset") else { return 2 }
      return reset(exercise)
    case "solution":
      guard let exercise = exercise(rest, command: "solution") else { return 2 }
      return solution(exercise)
    case "watch":
      guard rest.isEmpty else { return Self.usageError(unexpected: rest[0], command: "watch") }
      return watch()
    case "diff":
      let numbers = rest.compactMap { Int($0) }.filter { (1...5).contains($0) }
      guard rest.count == 2, numbers.count == 2 else {
        return Self.usageError(
          rest.count == 2
            ? "diff compares chapters 1–5, not \(rest.map(Self.quoted).joined(separator: " and "))"
            : "diff needs two chapter numbers, e.g. `workbook diff 3 4`", command: "diff")
      }
      return diff(numbers[0], numbers[1])
    case "dev":
      guard rest == ["check"] else {
        return Self.usageError(
          rest.isEmpty
            ? "dev needs a subcommand: check"
            : "unknown dev command "
              + Self.quoted(rest[0]), command: "dev")
      }
      return devCheck()
    default:
      return Self.usageError("unknown command \(Self.quoted(arguments[0]))", command: nil)
    }
  }

  // MARK: - Arguments

  /// The exercise a command's one argument names, or `nil` after a usage error.
  private func exercise(_ rest: [String], command: String) -> Exercise? {
    guard let argument = rest.first else {
      _ = Self.usageError(
        "\(command) needs an exercise number (1–\(Exercise.all.count))", command: command)
      return nil
    }
    guard rest.count == 1 else {
      _ = Self.usageError(unexpected: rest[1], command: command)
      return nil
    }
    guard let number = Int(argument), let exercise = Exercise.numbered(number) else {
      _ = Self.usageError(
        "no exercise \(Self.quoted(argument)); the exercises are 1–\(Exercise.all.count)",
        command: command)
      return nil
    }
    return exercise
  }

  static func usageError(unexpected argument: String, command: String?) -> Int32 {
    usageError("unexpected argument \(quoted(argument))", command: command)
  }

  /// One error line, then the usage, on standard error; status 2.
  static func usageError(_ message: String, command: String?) -> Int32 {
    let help = command.flatMap { commandUsage[$0] } ?? usage
    StandardStream.error.write("workbook: error: \(message)\n\n\(help)")
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

  /// The exit status for a command that otherwise succeeded with `status`.
  func finish(_ status: Int32) -> Int32 { failed && status == 0 ? 1 : status }

  var store: ProgressStore {
    ProgressStore(workspace: workspace) { StandardStream.error.write("workbook: \($0)\n") }
  }

  /// Records a change to the progress; a failure is one line and a non-zero status, never lost
  /// work. Returns what `change` returns, or `nil` when the progress could not be saved.
  @discardableResult
  mutating func record<Result>(_ change: (inout ProgressState) -> Result) -> Result? {
    do {
      return try store.update(change)
    } catch {
      complain("error: \(error)")
      failed = true
      return nil
    }
  }
}
