import Foundation
import KooberRules
import Testing

@testable import WorkbookRunner

/// The runner as a learner types it, in a throwaway copy of the workbook: every message names the
/// next step, bad input is one line and status 2, and nothing a learner wrote is ever lost.
@Suite struct WorkbookCommandLineTests {
  /// The last exercise's number, as the range in the messages ends.
  static let last = Exercise.all.count

  @Test(arguments: [
    (["check"], "check needs an exercise number (1–\(last))"),
    (["check", "\(last + 1)"], "no exercise '\(last + 1)'; the exercises are 1–\(last)"),
    (["hint", "four"], "no exercise 'four'; the exercises are 1–\(last)"),
    (["hint", "4", "extra"], "unexpected argument 'extra'"),
    (["frobnicate"], "unknown command 'frobnicate'"),
    (["--lang", "fr", "list"], "--lang takes en or ko, not 'fr'"),
    (["dev"], "dev needs a subcommand: check or pictures"),
    (["diff", "3"], "diff needs two chapter numbers, e.g. `workbook diff 3 4`"),
    (["diff", "0", "9"], "diff compares chapters 1–7, not '0' and '9'"),
    (
      ["diff", "3", "4", "--format", "pdf"],
      "invalid value 'pdf' for '--format'; expected one of: text, html"
    ),
    (["diff", "3", "--format=html"], "diff needs two chapter numbers, e.g. `workbook diff 3 4`"),
    (
      ["check", "4\u{1B}[31m\nline"],
      "no exercise '4\\u{1b}[31m\\nline'; the exercises are 1–\(last)"
    ),
    (
      ["report"],
      """
      report needs the grader's report, e.g. `workbook check --all --json > grade.json`, then \
      `workbook report grade.json`
      """
    ),
    (
      ["report", "g.json", "--format", "xml"],
      "invalid value 'xml' for '--format'; expected one of: markdown, exercism"
    ),
    (
      ["report", "missing.json"],
      """
      'missing.json' is not a grader's report from `check --all --json` (The operation could \
      not be completed. The file doesn’t exist.)
      """
    ),
    (
      ["report", "Package.swift"],
      "'Package.swift' is not a grader's report from `check --all --json` (not JSON)"
    ),
  ])
  func badInputIsOneLineAndUsageWithStatus2(arguments: [String], message: String) throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let run = try WorkbookRun(arguments, in: scratch.root)
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first.map(String.init) == "workbook: error: \(message)")
    #expect(run.standardError.contains("usage: workbook"))
  }

  @Test func aLongArgumentIsCut() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let run = try scratch.run("check", String(repeating: "x", count: 100_000))
    #expect(run.status == 2)
    #expect((run.standardError.split(separator: "\n").first?.count ?? 0) < 120)
  }

  @Test func helpWorksForEveryCommand() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    #expect(try scratch.run("--help").standardOutput.contains("usage: workbook <command>"))
    for command in [
      "list", "check", "report", "hint", "reset", "solution", "watch", "diff", "cost", "dev",
    ] {
      let run = try scratch.run(command, "--help")
      #expect(run.status == 0)
      #expect(run.standardOutput.hasPrefix("usage: workbook \(command)"))
    }
  }

  @Test func aFreshWorkbookListsEveryExerciseNoneStarted() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let run = try scratch.run("list", environment: ["LANG": "C"])
    #expect(run.status == 0)
    let rows = run.standardOutput.split(separator: "\n").filter {
      $0.hasPrefix("  ") && $0.drop { $0 == " " }.first?.isNumber == true
    }
    #expect(rows.count == Exercise.all.count)
    #expect(rows.allSatisfy { $0.contains("  ·  ") })
    // One column per field, whatever the number's width: the marks and the slugs line up.
    #expect(Set(rows.map { $0.firstRange(of: "  ·  ")?.lowerBound.utf16Offset(in: $0) }).count == 1)
    // And the titles, after the longest slug too.
    let titles = zip(rows, Exercise.all).map { row, exercise in
      row.firstRange(of: exercise.title.en)?.lowerBound.utf16Offset(in: row)
    }
    #expect(Set(titles).count == 1 && !titles.contains(nil))
    #expect(run.standardOutput.contains("Next: read Chapters/01-on-demand/TASK.md"))
  }

  @Test func anEditedExerciseShowsAsChanged() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let file = scratch.url(
      "Chapters/04-container-hierarchy/exercise/KooberSignedInDependencyContainer.swift")
    try (String(contentsOf: file, encoding: .utf8) + "// mine\n").write(
      to: file, atomically: true, encoding: .utf8)
    let run = try scratch.run("list")
    #expect(run.standardOutput.contains("4  ·  container-hierarchy ✎"))
  }

  @Test func hintsComeOneMoreEachTimeInEitherLanguage() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let first = try scratch.run("hint", "4", "--lang", "en")
    #expect(first.status == 0)
    #expect(first.standardOutput.hasPrefix("Hint 1 of 3"))
    #expect(first.standardOutput.contains("Another hint: `swift run workbook hint 4`"))
    let second = try scratch.run("hint", "4", environment: ["LANG": "ko_KR.UTF-8"])
    #expect(second.standardOutput.hasPrefix("힌트 2/3"))
    let third = try scratch.run("hint", "4", "--lang=en")
    #expect(third.standardOutput.contains("`swift run workbook solution 4` shows the solution"))
  }

  /// A hint read after a pass is shown, and not counted among the hints the learner needed.
  @Test func aHintReadAfterAPassIsNotCountedAsNeeded() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    _ = try scratch.run("hint", "4", "--lang", "en")
    try scratch.remember("pass", of: 4)
    let after = try scratch.run("hint", "4", "--lang", "en")
    #expect(after.standardOutput.hasPrefix("Hint 2 of 3"))
    let state = try JSONDecoder().decode(
      ProgressState.self, from: Data(contentsOf: scratch.url(".workbook/state.json")))
    #expect(state[4].hintsShown == 1)
    #expect(state[4].hintsReadAfterPassing == 1)
  }

  @Test func hintsAskedAtOnceEachGetTheirOwnHint() async throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let root = scratch.root
    let firstLines = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<3 {
        group.addTask {
          let run = try WorkbookRun(["hint", "4", "--lang", "en"], in: root)
          return String(run.standardOutput.split(separator: "\n").first ?? "")
        }
      }
      return try await group.reduce(into: [String]()) { $0.append($1) }
    }
    // Progress is changed under a lock: three hints at once are hints 1, 2 and 3.
    #expect(
      Set(firstLines.map { $0.prefix(11) }) == ["Hint 1 of 3", "Hint 2 of 3", "Hint 3 of 3"])
  }

  @Test func aCorruptStateFileIsKeptAsideWithOneWarning() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(
      at: scratch.url(".workbook"), withIntermediateDirectories: true)
    try Data("{ not json".utf8).write(to: scratch.url(".workbook/state.json"))
    let run = try scratch.run("hint", "4")
    #expect(run.status == 0)
    #expect(
      run.standardError == """
        workbook: warning: .workbook/state.json was not readable; kept it as \
        .workbook/state.json.corrupt, progress starts again\n
        """)
    #expect(
      try String(contentsOf: scratch.url(".workbook/state.json.corrupt"), encoding: .utf8)
        == "{ not json")
    #expect(FileManager.default.fileExists(atPath: scratch.url(".workbook/state.json").path))
  }

  @Test func aStateFileThatIsAFolderIsMovedAsideToo() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(
      at: scratch.url(".workbook/state.json"), withIntermediateDirectories: true)
    let run = try scratch.run("list")
    #expect(run.status == 0)
    #expect(run.standardError.contains("kept it as .workbook/state.json.corrupt"))
  }

  @Test func resetBacksUpFirstAndRestoresTheStarter() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let folder = "Chapters/04-container-hierarchy/exercise"
    let file = scratch.url("\(folder)/KooberSignedInDependencyContainer.swift")
    let starter = try String(contentsOf: file, encoding: .utf8)
    try "// my work\n".write(to: file, atomically: true, encoding: .utf8)
    try "// an extra file\n".write(
      to: scratch.url("\(folder)/Extra.swift"), atomically: true, encoding: .utf8)
    let run = try scratch.run("reset", "4")
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("your files are backed up in .workbook/backups/exercise4/"))
    #expect(try String(contentsOf: file, encoding: .utf8) == starter)
    #expect(!FileManager.default.fileExists(atPath: scratch.url("\(folder)/Extra.swift").path))
    let backup = ".workbook/backups/exercise4"
    #expect(
      try String(
        contentsOf: scratch.url("\(backup)/KooberSignedInDependencyContainer.swift"),
        encoding: .utf8) == "// my work\n")
    #expect(FileManager.default.fileExists(atPath: scratch.url("\(backup)/Extra.swift").path))
    // A second reset of new work keeps the first backup; a starter needs none.
    try "// more work\n".write(to: file, atomically: true, encoding: .utf8)
    #expect(try scratch.run("reset", "4").standardOutput.contains(".workbook/backups/exercise4-2/"))
    #expect(
      try scratch.run("reset", "4").standardOutput.contains(
        "it was the starter already, so nothing needed a backup"))
    #expect(
      !FileManager.default.fileExists(atPath: scratch.url(".workbook/backups/exercise4-3").path))
  }

  @Test func whenTheBackupCannotBeWrittenNothingIsReset() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(
      at: scratch.url(".workbook"), withIntermediateDirectories: true)
    try Data().write(to: scratch.url(".workbook/backups"))  // a file where the folder goes
    let file = scratch.url(
      "Chapters/04-container-hierarchy/exercise/KooberSignedInDependencyContainer.swift")
    try "// my work\n".write(to: file, atomically: true, encoding: .utf8)
    let run = try scratch.run("reset", "4")
    #expect(run.status == 1)
    #expect(run.standardError.contains("nothing was reset"))
    #expect(try String(contentsOf: file, encoding: .utf8) == "// my work\n")
  }

  @Test func aDeletedExerciseFolderIsNamedAndResetRestoresIt() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    try FileManager.default.removeItem(at: scratch.url("Chapters/04-container-hierarchy/exercise"))
    let list = try scratch.run("list")
    #expect(list.status == 0)
    #expect(list.standardOutput.contains("4  !  container-hierarchy"))
    let check = try scratch.run("check", "4")
    #expect(check.status == 1)
    #expect(
      check.standardError.contains(
        """
        Chapters/04-container-hierarchy/exercise is missing; `swift run workbook reset 4` \
        restores the starter
        """))
    #expect(try scratch.run("reset", "4").status == 0)
    #expect(try scratch.run("list").standardOutput.contains("4  ·  container-hierarchy"))
  }

  @Test func theSolutionIsShownWithoutMarkers() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let run = try scratch.run("solution", "4", "--yes")
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("── KooberSignedInDependencyContainer.swift"))
    #expect(run.standardOutput.contains("let sharedSignedInViewModel: SignedInViewModel"))
    #expect(!run.standardOutput.contains("exercise:"))
    #expect(!run.standardOutput.contains("todo("))
    #expect(!run.standardOutput.contains("── AppDelegate.swift"))  // unchanged files are not shown
    #expect(!run.standardError.contains("[y/N]"))
  }

  // MARK: - solution: after trying

  /// The line only the solution of exercise 4 has.
  static let solutionLine = "let sharedSignedInViewModel: SignedInViewModel"

  @Test func theSolutionBeforeAnyCheckIsNotShownWhereNoOneCanBeAsked() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let run = try scratch.run("solution", "4")
    #expect(run.status == 1)
    #expect(!run.standardOutput.contains(Self.solutionLine))
    #expect(
      run.standardError == """
        workbook: error: exercise 4 was never checked: try it first \
        (`swift run workbook check 4`, `swift run workbook hint 4`); \
        `swift run workbook solution 4 --yes` shows the solution without asking\n
        """)
  }

  @Test(arguments: [("n\n", false), ("\n", false), ("y\n", true), ("YES\n", true), ("", false)])
  func theSolutionBeforeAnyCheckAsksAtATerminal(typed: String, shown: Bool) throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let run = try scratch.run("solution", "4", typing: typed + (typed.isEmpty ? "\u{4}" : ""))
    #expect(run.status == 0)
    #expect(run.standardError.contains("You have not checked exercise 4 yet."))
    #expect(run.standardError.contains("(`--yes` skips this question) [y/N] "))
    #expect(run.standardOutput.contains(Self.solutionLine) == shown)
    #expect(
      run.standardOutput.contains(
        "Not shown. Next: `swift run workbook check 4` says what is left to do.") == !shown)
  }

  @Test func aKoreanYesIsAYes() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let run = try scratch.run("solution", "4", "--lang", "ko", typing: "네\n")
    #expect(run.standardError.contains("그래도 정답을 보시겠어요?"))
    #expect(run.standardOutput.contains(Self.solutionLine))
  }

  @Test func aCheckedExerciseShowsItsSolutionWithoutAQuestionEvenAfterAReset() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    try scratch.remember("fail", of: 4)
    let failing = try scratch.run("solution", "4")
    #expect(failing.status == 0)
    #expect(failing.standardOutput.contains("── KooberSignedInDependencyContainer.swift"))
    #expect(failing.standardOutput.contains(Self.solutionLine))
    #expect(!failing.standardOutput.contains("@@ "))  // the whole file, not a diff
    #expect(try scratch.run("reset", "4").status == 0)
    #expect(try scratch.run("solution", "4").standardOutput.contains(Self.solutionLine))
  }

  /// A progress file from before `everChecked` says a pass by its status alone; a reset keeps
  /// that it was tried.
  @Test func aPassRememberedByAnOlderRunnerStaysTriedAfterAReset() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    try scratch.remember("pass", of: 4, everChecked: nil)
    #expect(try scratch.run("reset", "4").status == 0)
    let run = try scratch.run("solution", "4")
    #expect(run.status == 0)
    #expect(run.standardOutput.contains(Self.solutionLine))
  }

  /// What a check records as tried: the learner's own files, never the untouched starter.
  @Test func onlyEditedFilesAreNotTheStarter() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let workspace = Workspace(root: scratch.root)
    let exercise = try #require(Exercise.numbered(4))
    var files = try workspace.learnerFiles(of: exercise)
    #expect(workspace.isStarter(files, of: exercise))
    files["KooberSignedInDependencyContainer.swift", default: ""] += "// mine\n"
    #expect(!workspace.isStarter(files, of: exercise))
  }

  @Test func endingTheQuestionWithCtrlDEndsItsLine() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let run = try scratch.run("solution", "4", typing: "\u{4}")
    #expect(run.standardError.hasSuffix("[y/N] \n"))
    #expect(!run.standardOutput.contains(Self.solutionLine))
  }

  @Test func afterAPassTheSolutionIsADiffAgainstTheLearnersFile() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let exercise = Exercise.numbered(4)!
    let name = "KooberSignedInDependencyContainer.swift"
    let solution = StarterGenerator.solution(
      from: try String(
        contentsOf: scratch.url("\(exercise.solutionFolder)/\(name)"), encoding: .utf8))
    // The learner's passing file: the solution with its own name for one property.
    let yours = solution.replacingOccurrences(
      of: "sharedSignedInViewModel", with: "signedInViewModel")
    #expect(yours != solution)
    // The learner's other files as they read once solved: a chapter's own file with its header.
    for (file, solved) in try Workspace(root: scratch.root).solvedFiles(of: exercise) {
      let text = file == name ? yours : solved
      try text.write(
        to: scratch.url("\(exercise.exerciseFolder)/\(file)"), atomically: true, encoding: .utf8)
    }
    try scratch.remember("pass", of: 4)
    let run = try scratch.run("solution", "4")
    #expect(run.status == 0)
    let output = run.standardOutput
    #expect(output.contains("you passed. The solution (\(exercise.solutionFolder)/) against"))
    #expect(output.contains("── \(name)"))
    #expect(output.contains("--- \(exercise.exerciseFolder)/\(name)\n"))
    #expect(output.contains("+++ \(exercise.solutionFolder)/\(name)\n"))
    let changed = output.split(separator: "\n").filter { $0.hasPrefix("-") || $0.hasPrefix("+") }
      .filter { !$0.hasPrefix("---") && !$0.hasPrefix("+++") }
    #expect(!changed.isEmpty)
    #expect(changed.allSatisfy { $0.contains("ignedInViewModel") })
    #expect(changed.contains { $0.hasPrefix("-") && $0.contains(" signedInViewModel") })
    #expect(changed.contains { $0.hasPrefix("+") && $0.contains(Self.solutionLine) })
    // Only the file that differs is shown.
    #expect(!output.contains("── AppDelegate.swift"))
    #expect(
      output.hasSuffix(
        "yours is another way to the same graph. Next: `swift run workbook list` shows the next exercise.\n"
      ))
    // Edited since the pass: not the files that passed, so the whole solution, no diff.
    try solution.write(
      to: scratch.url("\(exercise.exerciseFolder)/\(name)"), atomically: true, encoding: .utf8)
    let edited = try scratch.run("solution", "4").standardOutput
    #expect(!edited.contains("you passed"))
    #expect(!edited.contains("@@ "))
    #expect(edited.contains(Self.solutionLine))
    // Passed line for line as the solution: said in one line.
    try scratch.remember("pass", of: 4)
    let same = try scratch.run("solution", "4").standardOutput
    #expect(same.contains("Your files are the solution, line for line."))
    #expect(!same.contains("@@ "))
    #expect(!same.contains("Both pass"))
  }

  // MARK: - reset --all

  @Test func resetAllBacksUpEveryChangedExerciseAndRestoresEveryStarter() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let workspace = Workspace(root: scratch.root)
    let changed = [1, 8]
    for exercise in Exercise.all where changed.contains(exercise.number) {
      let name = try #require(try workspace.starterFiles(of: exercise).keys.sorted().first)
      try "// my work on \(exercise.number)\n".write(
        to: scratch.url("\(exercise.exerciseFolder)/\(name)"), atomically: true, encoding: .utf8)
    }
    try scratch.remember("fail", of: 1)
    let run = try scratch.run("reset", "--all")
    #expect(run.status == 0)
    for exercise in Exercise.all {
      #expect(try workspace.learnerFiles(of: exercise) == workspace.starterFiles(of: exercise))
      let backup = scratch.url(".workbook/backups/\(exercise.product)")
      let wasChanged = changed.contains(exercise.number)
      #expect(FileManager.default.fileExists(atPath: backup.path) == wasChanged)
      #expect(
        run.standardOutput.contains(
          "Reset exercise \(exercise.number) to its starter; "
            + (wasChanged
              ? "your files are backed up in .workbook/backups/\(exercise.product)/."
              : "it was the starter already, so nothing needed a backup.")))
    }
    let backup = scratch.url(".workbook/backups/exercise8")
    let saved = try FileManager.default.contentsOfDirectory(atPath: backup.path)
      .map { try String(contentsOf: backup.appendingPathComponent($0), encoding: .utf8) }
    #expect(saved.contains("// my work on 8\n"))
    #expect(run.standardOutput.hasSuffix("Next: `swift run workbook list` shows where to start.\n"))
    #expect(try scratch.run("list").standardOutput.contains("1  ·  on-demand"))
  }

  @Test func resetAllNamesWhatItCouldNotBackUpAndResetsTheRest() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(
      at: scratch.url(".workbook"), withIntermediateDirectories: true)
    try Data().write(to: scratch.url(".workbook/backups"))  // a file where the folder goes
    let exercise = Exercise.numbered(4)!
    let file = scratch.url(
      "\(exercise.exerciseFolder)/KooberSignedInDependencyContainer.swift")
    try "// my work\n".write(to: file, atomically: true, encoding: .utf8)
    let run = try scratch.run("reset", "--all")
    #expect(run.status == 1)
    #expect(
      run.standardError
        == "workbook: error: cannot back up \(exercise.exerciseFolder) to .workbook/backups; "
        + "nothing was reset\n")
    #expect(try String(contentsOf: file, encoding: .utf8) == "// my work\n")
    #expect(run.standardOutput.contains("Reset exercise 5 to its starter"))
    #expect(!run.standardOutput.contains("Reset exercise 4 "))
  }

  /// A check of the untouched starter is not trying the exercise; a check of edited files is.
  /// (A `swift` that fails at once stands in for the build: `WORKBOOK_SWIFT` names it.)
  @Test func checkingTheUntouchedStarterIsNotTryingIt() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let swift = scratch.url("failing-swift")
    try "#!/bin/sh\necho 'error: no build in this test' >&2\nexit 1\n".write(
      to: swift, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
    let store = ProgressStore(workspace: Workspace(root: scratch.root)) { _ in }
    let environment = ["WORKBOOK_SWIFT": swift.path]
    #expect(try scratch.run("check", "4", environment: environment).status == 1)
    #expect(store.load()[4].status == "compile-error")
    #expect(!store.load()[4].tried)
    let file = scratch.url(
      "Chapters/04-container-hierarchy/exercise/KooberSignedInDependencyContainer.swift")
    try "// my work\n".write(to: file, atomically: true, encoding: .utf8)
    #expect(try scratch.run("check", "4", environment: environment).status == 1)
    #expect(store.load()[4].tried)
  }
}
