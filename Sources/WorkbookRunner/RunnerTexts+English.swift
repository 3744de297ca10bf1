import Bilingual
import KooberRules
import KooberStory
import ObjectTrace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension RunnerTexts {
  /// Every text in English.
  static let english: RunnerTexts = RunnerTexts(
    // MARK: - The command line
    usageHeader: """
      usage: workbook <command> [options]

      Classroom exercises for the Koober DI Workbook: you write a composition, and the checker
      explains what your objects did, step by step, through the trace.

      commands:
      """,
    usageFooter: """
      options:
        --lang en|ko            the language of everything it prints (default: from LANG)
        -h, --help              show this help; `workbook <command> --help` for one command

      Start with `swift run workbook list`.

      """,
    error: "error",
    warning: "warning",
    languageValue: { "--lang takes en or ko, not \($0)" },
    unknownCommand: { "unknown command \($0)" },
    unexpectedArgument: { "unexpected argument \($0)" },
    unknownOption: { "unknown option \($0)" },
    missingValue: { "missing value for '\($0)'" },
    givenTwice: { "'\($0)' is given more than once" },
    takesNoValue: { "'\($0)' takes no value" },
    notTogether: { $0.map { "'\($0)'" }.joined(separator: " and ") + " cannot be used together" },
    needs: { "'\($0)' goes with \($1)" },
    needsExercise: { "\($0) needs an exercise number (1–\($1))" },
    noExercise: { "no exercise \($0); the exercises are 1–\($1)" },
    diffNotChapters: {
      "diff compares chapters 1–\(ChapterCatalog.numbers.count), not \($0.joined(separator: " and "))"
    },
    diffNeedsTwoChapters: "diff needs two chapter numbers, e.g. `workbook diff 3 4`",
    diffFormat: { "invalid value \($0) for '--format'; expected one of: text, html" },
    reportNeedsFile:
      "report needs the grader's report, e.g. `workbook check --all --json > grade.json`, then "
      + "`workbook report grade.json`",
    reportFormat: {
      "invalid value \($0) for '--format'; expected one of: markdown, exercism"
    },
    reportUnreadable: { "\($0) is not a grader's report from `check --all --json` (\($1))" },
    devNeedsSubcommand: "dev needs a subcommand: check or pictures",
    unknownDevCommand: { "unknown dev command \($0)" },
    progressKeptAside: { "\($0) was not readable; kept it as \($1), progress starts again" },
    progressNotRemembered: {
      "\($0) is not readable and cannot be moved aside; progress is not remembered"
    },

    // MARK: - list
    listTitle: "Koober DI Workbook — exercises",
    listLegend:
      "  ✓ passed  ✗ failing  · not started  ✎ changed since last check  ! folder missing",
    listNext: { "Next: read \($0), edit \($1)/, then `swift run workbook check \($2)`" },
    everyExercisePasses: "Every exercise passes. Well done!",

    // MARK: - hint
    cannotRead: { "cannot read \($0)" },
    noHints: { "\($0) has no hints (each starts with a `## ` heading)" },
    hintOf: { "Hint \($0) of \($1)" },
    anotherHint: { "Another hint: `swift run workbook hint \($0)`" },
    lastHint: {
      "That was the last hint; `swift run workbook solution \($0)` shows the solution."
    },

    // MARK: - reset
    nothingToBackUp: "there was nothing to back up",
    alreadyTheStarter: "it was the starter already, so nothing needed a backup",
    backedUp: { "your files are backed up in .workbook/backups/\($0)/" },
    cannotBackUp: { "cannot back up \($0) to .workbook/backups; nothing was reset" },
    cannotWriteStarter: { "cannot write the starter into \($0); \($1)" },
    resetDone: { "Reset exercise \($0) to its starter; \($1)." },
    resetNext: { "Next: `swift run workbook check \($0)` shows what is left to do." },
    resetAllNext: "Next: `swift run workbook list` shows where to start.",

    // MARK: - solution
    solutionHeader: { "Exercise \($0) · \($1) — the solution (\($2)/):" },
    solutionNext: {
      "Next: compare it with yours in \($0)/, then `swift run workbook check \($1)`."
    },
    solutionNotTried: {
      "exercise \($0) was never checked: try it first (`swift run workbook check \($0)`, "
        + "`swift run workbook hint \($0)`); `swift run workbook solution \($0) --yes` shows the "
        + "solution without asking"
    },
    solutionQuestion: {
      "You have not checked exercise \($0) yet. Trying it first, with a hint if you need one "
        + "(`swift run workbook hint \($0)`), teaches more than reading the answer.\n"
        + "Show the solution anyway? (`--yes` skips this question) [y/N] "
    },
    yesAnswers: ["y", "yes"],
    solutionNotShown: {
      "Not shown. Next: `swift run workbook check \($0)` says what is left to do."
    },
    solutionAgainstYours: {
      "Exercise \($0) · \($1) — you passed. The solution (\($2)/) against your files: "
        + "- lines are yours, + lines the solution's."
    },
    solutionSameAsYours:
      "Your files are the solution, line for line. "
      + "Next: `swift run workbook list` shows the next exercise.",
    solutionDiffNext:
      "Both pass: where they differ, yours is another way to the same graph. "
      + "Next: `swift run workbook list` shows the next exercise.",

    // MARK: - check
    exerciseHeader: { "Exercise \($0) · \($1)" },
    building: { "building \($0) …" },
    doesNotCompile: "✗ it does not compile yet:",
    compileErrorNext: {
      "Next: fix the first error above, then `swift run workbook check \($0)`. (`list`, "
        + "`hint \($0)`, `reset \($0)` and `solution \($0)` work meanwhile.)"
    },
    notDoneYet: { "· not done yet — \($0)" },
    reachedInStep: { "reached in step \($0)" },
    finishedSteps: { "finished: \($0)" },
    todoNext: {
      "Next: write that part, then `swift run workbook check \($0)` again; "
        + "`swift run workbook hint \($0)` if you are stuck."
    },
    problemNext: { number, played in
      "Next: fix what the ✗ above names"
        + (played ? " — `swift run exercise\(number) --trace` shows the steps that ran —" : ",")
        + " then `swift run workbook check \(number)` again."
    },
    allRulesHold: { held, number, page in
      "All \(held) rules hold: exercise \(number) passes. "
        + (page.map { "Read next: \($0), how the book's sample does what you just did. Then: " }
          ?? "Next: ")
        + "`swift run workbook list`."
    },
    someRulesHold: { held, count, firstMiss, number in
      let first =
        switch firstMiss {
        case .tests: "the first ✗ — a test to fix, or a bug your tests let through —"
        case .story: "the first ✗ — the objects it names are yours —"
        case .plain: "the first ✗,"
        }
      return "\(held) of \(count) rules hold. Next: read \(first) then "
        + "`swift run workbook check \(number)` again; "
        + "`swift run workbook hint \(number)` if you are stuck."
    },
    score: { "score: \($0) of \($1) exercises pass" },
    buildTimedOut: { "the build did not finish in \($0) s; try again" },
    storyTimedOut: { limit, step in
      "the story did not finish in \(limit) s" + (step.map { " in step \($0)" } ?? "")
        + " (an endless loop, or a wait that never ends?)"
    },
    crashed: { step, message in
      "the composition crashed" + (step.map { " in step \($0)" } ?? "") + ": " + message
    },
    crashedWhile: { doing, message in "your code crashed while \(doing): " + message },
    noReport: { "the check sent no report" + ($0.map { ": \($0)" } ?? "") },
    costHeading: {
      "What each chapter's composition costs, chapter 4 = 1×. Objects and resolves are counted\n"
        + "over one story; lines are the composition's code (no blanks, no comments). Times are\n"
        + "medians of \($0) runs on this machine and differ from run to run: this is the one\n"
        + "output of the workbook that prints times."
    },
    costColumns: ["chapter", "objects", "resolves", "lines", "launch graph", "story, traced"],
    secondReport:
      "the check's channel carried two reports: only the check may send one, so this run has "
      + "no verdict (does your code write to the workbook's report file?)",
    exitedAfterReport: {
      "the check sent its report, then the program exited with status \($0) (does your code "
        + "call exit()?)"
    },
    stoppedBySignal: { signal, meaning in
      "stopped by signal \(signal)" + (meaning.map { " (\($0))" } ?? "")
    },
    exitStatus: { "exit status \($0)" },
    signalMeanings: [
      4: "SIGILL, a Swift runtime trap", 5: "SIGTRAP, a Swift runtime trap",
      6: "SIGABRT, an abort", 9: "SIGKILL", 11: "SIGSEGV, a bad memory access",
      // Numbered differently by Linux (7, 8) and Darwin (10, 8).
      Int32(SIGBUS): "SIGBUS, a bad memory access", Int32(SIGFPE): "SIGFPE, an arithmetic fault",
    ],
    testsCrashed: { real, test, message in
      "your tests crashed against \(real.en)"
        + (test.map { " in `\($0)`" } ?? "") + ": " + message
    },
    testsTimedOut: { real, limit, test in
      "your tests did not finish in \(limit) s against \(real.en)"
        + (test.map { " (`\($0)` was still running)" } ?? "") + " — a wait that never ends?"
    },

    // MARK: - Grading
    gradeHeading: { "Koober DI Workbook: \($0) of \($1) points" },
    gradeColumns: ["#", "exercise", "points", "verdict", "the first ✗: object, step, holder"],
    gradePasses: "✓ passes",
    gradeRulesHold: { "✗ \($0) of \($1) rules hold" },
    gradeNotDone: "· not done yet",
    gradeDoesNotCompile: "✗ does not compile",
    gradeNext:
      "Each verdict in full, with the trace of your own objects: `swift run workbook check N` "
      + "(N is the exercise's number). Stuck? `swift run workbook hint N`.",

    // MARK: - watch
    watching:
      "Watching every exercise/ folder; each save checks that exercise again. Ctrl-C stops.",

    // MARK: - diff
    chapterDoesNotBuild: { "chapter\($0) does not build:" },
    chapterPrintedNoTrace: { "chapter\($0) printed no trace (status \($1))" },
    diffHeading: { "chapter \($0) (\($1)) → chapter \($2) (\($3))" },
    diffSame: "the same objects, references, holders and findings",
    aliveOnlyIn: { "alive only in chapter \($0)" },
    referencesOnlyIn: { "stored references only in chapter \($0)" },
    referencesElsewhere: "stored references that point elsewhere",
    heldBy: "held by",
    onlyScreens: "(only screens)",
    findingsGone: "findings gone",
    findingsNew: "findings new",
    language: .english
  )
}
