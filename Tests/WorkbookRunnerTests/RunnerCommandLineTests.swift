import ChapterTestSupport
import Foundation
import ObjectTrace
import Testing
import TracePictures

@testable import WorkbookRunner

/// `workbook`'s command line, read once into what to do: the language first, wherever `--lang`
/// stands, then one typed request or one problem.
@Suite struct RunnerCommandLineTests {
  @Test(
    arguments: [
      (["list"], ListCommand.Request()),
      (["check", "4"], CheckCommand.Request(exercise: 4)),
      (["check", "--json", "--all"], CheckAllCommand.Request(json: true)),
      (["check", "--all"], CheckAllCommand.Request(json: false)),
      (
        ["report", "--format=exercism", "g.json"],
        ReportCommand.Request(path: "g.json", exercism: true)
      ),
      (["report", "g.json"], ReportCommand.Request(path: "g.json", exercism: false)),
      (["hint", "10"], HintCommand.Request(exercise: 10)),
      (["reset", "--all"], ResetCommand.Request(exercise: nil)),
      (["solution", "-y", "3"], SolutionCommand.Request(exercise: 3, confirmed: true)),
      (
        ["diff", "3", "4", "--format", "html"], DiffCommand.Request(first: 3, second: 4, html: true)
      ),
      (["dev", "check"], DevCheckCommand.Request()),
      (["dev", "pictures"], DevPicturesCommand.Request()),
      (["solution", "--", "3"], SolutionCommand.Request(exercise: 3, confirmed: false)),
    ] as [([String], any RunnerRequest)])
  func eachCommandReadsAsItsRequest(arguments: [String], request: any RunnerRequest) {
    let commandLine = RunnerCommandLine(arguments, defaultLanguage: .english)
    #expect(commandLine.reading == .run(.init(request)))
    #expect(commandLine.language == .english)
  }

  @Test func theLanguageIsReadWhereverItStands() {
    let commandLine = RunnerCommandLine(["check", "--lang=ko", "4"], defaultLanguage: .english)
    #expect(commandLine.language == .korean)
    #expect(commandLine.reading == .run(.init(CheckCommand.Request(exercise: 4))))
    let before = RunnerCommandLine(["--lang", "ko", "hint", "4"], defaultLanguage: .english)
    #expect(before.language == .korean)
    #expect(before.reading == .run(.init(HintCommand.Request(exercise: 4))))
    let fallback = RunnerCommandLine(["list"], defaultLanguage: .korean)
    #expect(fallback.language == .korean)
  }

  @Test(arguments: [[], ["help"], ["--help"], ["-h"], ["--lang", "ko"]])
  func noCommandIsTheWholeUsage(arguments: [String]) {
    let commandLine = RunnerCommandLine(arguments, defaultLanguage: .english)
    #expect(commandLine.reading == .help(RunnerTexts.in(commandLine.language).usage))
  }

  @Test func helpWithACommandIsThatCommandsHelp() {
    let commandLine = RunnerCommandLine(
      ["help", "check", "--lang", "ko"], defaultLanguage: .english)
    #expect(commandLine.reading == .help(RunnerTexts.in(.korean).commandUsage("check") ?? ""))
    let unknown = RunnerCommandLine(["help", "frobnicate"], defaultLanguage: .english)
    #expect(
      unknown.reading == .problem(.init(message: "unknown command 'frobnicate'", command: nil)))
  }

  @Test func aCommandsHelpWinsOverWhateverElseItIsGiven() {
    let commandLine = RunnerCommandLine(
      ["diff", "9", "--nope", "--help"], defaultLanguage: .english)
    #expect(commandLine.reading == .help(RunnerTexts.english.commandUsage("diff") ?? ""))
  }

  @Test func aProblemNamesTheCommandWhoseUsageFollows() {
    let commandLine = RunnerCommandLine(["hint", "4", "extra"], defaultLanguage: .english)
    #expect(
      commandLine.reading
        == .problem(.init(message: "unexpected argument 'extra'", command: "hint")))
    let unknown = RunnerCommandLine(["frobnicate", "--help"], defaultLanguage: .english)
    #expect(
      unknown.reading == .problem(.init(message: "unknown command 'frobnicate'", command: nil)))
  }

  /// What the chapters' parser finds wrong is worded by the runner, in the language asked for,
  /// wherever `--lang` stands.
  @Test(arguments: [
    (["check", "--nope"], Language.english, "unknown option '--nope'"),
    (["check", "--all", "--all"], .english, "'--all' is given more than once"),
    (["diff", "3", "4", "--format"], .english, "missing value for '--format'"),
    (["solution", "--yes=no", "3"], .english, "'--yes' takes no value"),
    (["check", "--json", "4"], .english, "unexpected argument '--json'"),
    (["reset", "--all", "4"], .english, "unexpected argument '4'"),
    (["check", "-x", "--lang", "ko"], .korean, "알 수 없는 옵션입니다: '-x'"),
    (["--lang=ko", "diff", "3", "4", "--format"], .korean, "'--format' 옵션에 값이 없습니다"),
    (["--lang", "ko", "check", "--all", "--all"], .korean, "'--all' 옵션을 두 번 이상 썼습니다"),
  ])
  func theParsersProblemsSpeakTheRunnersLanguage(
    arguments: [String], language: Language, message: String
  ) {
    let commandLine = RunnerCommandLine(arguments, defaultLanguage: .english)
    #expect(commandLine.language == language)
    guard case .problem(let problem) = commandLine.reading else {
      Issue.record("\(arguments) was understood")
      return
    }
    #expect(problem.message == message)
    #expect(problem.command == arguments.first { !$0.hasPrefix("-") && $0 != "ko" })
  }
}
