import Bilingual
import CommandLineKit
import ExerciseRuntime
import KooberStory
import ObjectTrace

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line of an exercise whose learner writes tests: `exercise9 [--bug ID]` runs the
/// learner's tests against the real sign-in view model, or against the one with that bug; so
/// does `exercise11` against the podcast app.
///
/// The testing library itself runs the tests (`runLearnerTests(_:)`, in `LearnerTestRun`); this
/// reads the command line before it, says which bug to plant (``plantedBug``), and opens the
/// ``ReportChannel`` `workbook check` named: the testing library writes its records there, and
/// ``finish(_:status:)`` ends them with the run's status.
public enum TestRunCommand {
  /// The command line's shape for `code`'s exercise.
  public static func commandLine(_ code: CodeUnderTest) -> CommandLineOptions {
    CommandLineOptions(
      command: "exercise\(code.exercise)",
      summary:
        "Runs your tests against \(code.source), or against a copy with one bug\n"
        + "(--bug): `swift run workbook check \(code.exercise)` runs them against each in turn.",
      options: [bugOption(code), languageOption.declaration])
  }

  /// `--bug`: the bugs of `code`, whose ids differ by exercise, so the option stays a ValueOption.
  private static func bugOption(_ code: CodeUnderTest) -> ValueOption {
    ValueOption(
      name: "bug", values: code.bugs, defaultValue: nil,
      help: "plant this bug in the \(code.kind.en) your tests get")
  }

  /// `--lang`: with no default of its own, so that the environment decides when it is not given.
  static let languageOption = TypedOption<Language>(
    name: "lang", defaultValue: nil, help: "the language of the verdicts and labels")

  /// The id of the bug `--bug` named, `nil` for the real code. Set by ``prepare(_:arguments:)``.
  @MainActor public private(set) static var plantedBug: String?

  /// Reads the command line, notes the bug it names (``plantedBug``) and returns where the
  /// testing library's records go (the channel `workbook check` named; `nil`: nowhere, only the
  /// testing library's own lines); prints the usage and ends the process for `--help` (status
  /// 0) or a bad command line (status 2).
  @MainActor public static func prepare(
    _ code: CodeUnderTest, arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) -> String? {
    let commandLine = commandLine(code)
    let options: ParsedOptions
    do {
      options = try commandLine.parse(arguments)
    } catch {
      StandardStream.error.write(
        ChapterCommand.usageErrorText(error, commandLine: commandLine))
      exitProcess(2)
    }
    if options.wantsHelp { exitProcess(StandardStream.output.write(commandLine.usage) ? 0 : 1) }
    plantedBug = options[bugOption(code)]
    if let chosen = options[languageOption] {
      WorkbookLanguage.choose(chosen)
    }
    CrashNotice.install()
    return ReportChannel.open() ? ReportChannel.path : nil
  }

  /// Ends the process with the testing library's `status`, after a line with the next step when
  /// a learner ran the tests (not the checker).
  @MainActor public static func finish(_ code: CodeUnderTest, status: CInt) -> Never {
    let exercise = code.exercise
    if ReportChannel.isOpen {
      ReportChannel.send(.testsFinished(status: status))
    } else {
      let broken = plantedBug.map(code.broken)
      switch WorkbookLanguage.current {
      case .korean:
        let against = broken?.ko ?? code.real.ko
        StandardStream.error.write(
          (status == 0
            ? "\n여러분의 테스트가 \(against, .object) 상대로 모두 통과합니다."
            : "\n\(against, .object) 상대로 여러분의 테스트 가운데 일부가 실패합니다.")
            + " 다음 할 일: `swift run workbook check \(exercise) --lang ko`를 실행해 고장 난 "
            + "\(code.kind.ko) 하나하나를 상대로도 테스트를 돌려 보세요.\n")
      case .english:
        let against = broken.map { "the" + $0.en.drop { $0 != " " } } ?? code.real.en
        StandardStream.error.write(
          (status == 0
            ? "\nYour tests pass against \(against)."
            : "\nSome of your tests fail against \(against).")
            + " Next: `swift run workbook check \(exercise)` runs them against each broken "
            + "\(code.kind.en) too.\n")
      }
    }
    exitProcess(status)
  }
}
