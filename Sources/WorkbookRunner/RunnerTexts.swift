import Bilingual
import KooberRules
import ObjectTrace

/// Every sentence `workbook` prints for a learner, in one language: one table per language
/// (``english``, ``korean``), each built with every text, so the compiler refuses a text that
/// exists in one language only. Code, ids, step names and commands stay as they are in both.
struct RunnerTexts: Sendable {
  // MARK: - The command line

  /// What `workbook --help` says before its list of commands.
  let usageHeader: String
  /// What `workbook --help` says after its list of commands: the options, the first step.
  let usageFooter: String
  /// What starts an error line after `workbook: `.
  let error: String
  /// What starts a warning line after `workbook: `.
  let warning: String
  /// `--lang` was given something else than `en` or `ko` (quoted).
  let languageValue: @Sendable (String) -> String
  let unknownCommand: @Sendable (String) -> String
  let unexpectedArgument: @Sendable (String) -> String
  /// An option (quoted) that the command does not take.
  let unknownOption: @Sendable (String) -> String
  /// An option (`--name`) given without its value.
  let missingValue: @Sendable (String) -> String
  /// An option (`--name`) given twice.
  let givenTwice: @Sendable (String) -> String
  /// A flag (`--name`) given a value.
  let takesNoValue: @Sendable (String) -> String
  /// Options (`--name`) of which at most one may be given.
  let notTogether: @Sendable ([String]) -> String
  /// An option (`--name`) given without the flag it goes with.
  let needs: @Sendable (String, String) -> String
  /// A command (named) that needs an exercise number, of 1–`count`.
  let needsExercise: @Sendable (String, Int) -> String
  /// No exercise of that number (quoted), of 1–`count`.
  let noExercise: @Sendable (String, Int) -> String
  /// `diff` was given two arguments that are not chapters (quoted, joined).
  let diffNotChapters: @Sendable ([String]) -> String
  let diffNeedsTwoChapters: String
  /// `diff --format` was given a value other than `text` or `html` (quoted).
  let diffFormat: @Sendable (String) -> String
  let reportNeedsFile: String
  let reportFormat: @Sendable (String) -> String
  /// The grader's report at a path could not be read, or is not a grader's report (why).
  let reportUnreadable: @Sendable (String, String) -> String
  let devNeedsSubcommand: String
  let unknownDevCommand: @Sendable (String) -> String

  /// The progress file (path) was not readable and was kept aside (path).
  let progressKeptAside: @Sendable (String, String) -> String
  /// The progress file (path) is not readable and cannot be moved aside.
  let progressNotRemembered: @Sendable (String) -> String

  // MARK: - list

  let listTitle: String
  let listLegend: String
  /// The next step: read the task (file), edit the folder, check exercise N.
  let listNext: @Sendable (String, String, Int) -> String
  let everyExercisePasses: String

  // MARK: - hint

  let cannotRead: @Sendable (String) -> String
  /// The hints file has no `## ` heading.
  let noHints: @Sendable (String) -> String
  /// Hint `shown` of `count`.
  let hintOf: @Sendable (Int, Int) -> String
  let anotherHint: @Sendable (Int) -> String
  let lastHint: @Sendable (Int) -> String

  // MARK: - reset

  let nothingToBackUp: String
  /// The folder held the starter already: no backup was needed.
  let alreadyTheStarter: String
  /// The learner's files are backed up in `.workbook/backups/NAME/`.
  let backedUp: @Sendable (String) -> String
  let cannotBackUp: @Sendable (String) -> String
  /// The starter cannot be written into the folder; the backup note follows.
  let cannotWriteStarter: @Sendable (String, String) -> String
  /// Exercise N is reset; the backup note follows.
  let resetDone: @Sendable (Int, String) -> String
  let resetNext: @Sendable (Int) -> String
  /// After `reset --all`.
  let resetAllNext: String

  // MARK: - solution

  /// Exercise N · title, the solution's folder.
  let solutionHeader: @Sendable (Int, String, String) -> String
  /// Compare it with the folder, then check N.
  let solutionNext: @Sendable (String, Int) -> String
  /// Exercise N was never checked and no one is at a terminal to ask: one error line.
  let solutionNotTried: @Sendable (Int) -> String
  /// The question at a terminal before exercise N was ever checked, without a newline.
  let solutionQuestion: @Sendable (Int) -> String
  /// The answers that mean yes, in lower case.
  let yesAnswers: [String]
  /// The learner answered no to the question about exercise N.
  let solutionNotShown: @Sendable (Int) -> String
  /// After a pass: exercise N · title, the solution's folder, against the learner's files.
  let solutionAgainstYours: @Sendable (Int, String, String) -> String
  /// After a pass, when the learner's files are the solution's.
  let solutionSameAsYours: String
  /// After the diff.
  let solutionDiffNext: String

  // MARK: - check

  /// `Exercise N · title`.
  let exerciseHeader: @Sendable (Int, String) -> String
  let building: @Sendable (String) -> String
  let doesNotCompile: String
  let compileErrorNext: @Sendable (Int) -> String
  /// The TODO line follows.
  let notDoneYet: @Sendable (String) -> String
  let reachedInStep: @Sendable (String) -> String
  /// The steps that finished, joined.
  let finishedSteps: @Sendable (String) -> String
  let todoNext: @Sendable (Int) -> String
  /// After a crash or a time-out; `true` when the exercise has a story whose steps ran.
  let problemNext: @Sendable (Int, Bool) -> String
  /// All `held` rules hold: exercise N passes; then the page to read next, when it has one
  /// (``Exercise/readAfterPassing``, in the text's language).
  let allRulesHold: @Sendable (Int, Int, String?) -> String
  /// `held` of `count` rules hold; read the first ✗ (phrased for `firstMiss`) of exercise N.
  let someRulesHold: @Sendable (Int, Int, FirstMiss, Int) -> String
  let score: @Sendable (Int, Int) -> String
  let buildTimedOut: @Sendable (Int) -> String
  /// The story did not finish in N s, in the step (if known).
  let storyTimedOut: @Sendable (Int, String?) -> String
  /// The composition crashed in the step (if known); the runtime's line follows.
  let crashed: @Sendable (String?, String) -> String
  /// A check with no story crashed while doing what the first text says; the runtime's line
  /// follows.
  let crashedWhile: @Sendable (String, String) -> String
  /// The check printed no report; its last error line follows, if any.
  let noReport: @Sendable (String?) -> String
  /// `cost`'s first line: what the table is, and that its times are medians of N runs.
  let costHeading: @Sendable (Int) -> String
  /// `cost`'s column names: chapter, objects, resolves, lines, launch graph, story.
  let costColumns: [String]
  /// The check's channel carried a second report: something besides the check wrote one.
  let secondReport: String
  /// The check sent its report, then the process exited with this status, which disagrees.
  let exitedAfterReport: @Sendable (Int32) -> String
  /// A process stopped by a signal (number, what it usually means), or an exit status.
  let stoppedBySignal: @Sendable (Int32, String?) -> String
  let exitStatus: @Sendable (Int32) -> String
  /// What a signal usually means, by its number, for the signals a crash ends with.
  let signalMeanings: [Int32: String]
  /// Exercises 9 and 11: the learner's tests crashed against the real code (in the test, if
  /// known); the runtime's line follows.
  let testsCrashed: @Sendable (Localized, String?, String) -> String
  /// Exercises 9 and 11: the learner's tests did not finish in N s against the real code (the
  /// test still running, if known).
  let testsTimedOut: @Sendable (Localized, Int, String?) -> String

  /// What the first failing rule is, as the verdict's last line names it.
  enum FirstMiss: Sendable {
    /// Exercise 9: a test to fix, or a bug the tests let through.
    case tests
    /// An exercise with a story: the objects are the learner's.
    case story
    /// Anything else.
    case plain
  }

  // MARK: - Grading (the job summary, the release body, exercism's results)

  /// The grade's heading: `points` of `maxPoints`.
  let gradeHeading: @Sendable (Int, Int) -> String
  /// The summary's columns: number, exercise, points, verdict, the first ✗.
  let gradeColumns: [String]
  let gradePasses: String
  /// ✗ and how many rules hold: `held` of `count`.
  let gradeRulesHold: @Sendable (Int, Int) -> String
  let gradeNotDone: String
  let gradeDoesNotCompile: String
  /// Below the table: where each verdict is shown in full, and the next step.
  let gradeNext: String

  // MARK: - watch

  let watching: String

  // MARK: - diff

  let chapterDoesNotBuild: @Sendable (Int) -> String
  /// Chapter N printed no trace (exit status).
  let chapterPrintedNoTrace: @Sendable (Int, Int32) -> String
  /// `chapter N (title) → chapter M (title)`.
  let diffHeading: @Sendable (Int, String, Int, String) -> String
  let diffSame: String
  let aliveOnlyIn: @Sendable (Int) -> String
  let referencesOnlyIn: @Sendable (Int) -> String
  let referencesElsewhere: String
  let heldBy: String
  let onlyScreens: String
  let findingsGone: String
  let findingsNew: String

  // MARK: - Choosing

  let language: Language

  /// The usage of the whole command: its header, each command's lines
  /// (``RunnerCommandLine/commands``), and its footer.
  var usage: String {
    usageHeader + "\n"
      + RunnerCommandLine.commands.map { $0.summary.text(in: language) + "\n" }.joined()
      + "\n" + usageFooter
  }

  /// The help of the command named `name`, if there is one.
  func commandUsage(_ name: String) -> String? {
    RunnerCommandLine.command(named: name)?.usage.text(in: language)
  }

  /// The table for `language`.
  static func `in`(_ language: Language) -> RunnerTexts {
    switch language {
    case .english: english
    case .korean: korean
    }
  }
}
