import CommandLineKit
import KooberStory
import ObjectTrace
import TracePictures

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

/// Exercise 9's command line: `exercise9 [--bug ID]` runs the learner's tests against the real
/// sign-in view model, or against the one with that bug.
///
/// The testing library itself runs the tests; this reads the command line before it, plants the
/// bug, and opens the ``ReportChannel`` `workbook check` named: the testing library writes its
/// records there, and ``finish(exercise:status:)`` ends them with the run's status.
public enum TestRunCommand {
  /// The command line's shape.
  public static func commandLine(exercise: Int) -> CommandLineOptions {
    CommandLineOptions(
      command: "exercise\(exercise)",
      summary:
        "Runs your tests against KooberKit's SignInViewModel, or against a copy with one bug\n"
        + "(--bug): `swift run workbook check \(exercise)` runs them against each in turn.",
      options: [
        ValueOption(
          name: "bug", values: SignInBug.allCases.map(\.rawValue), defaultValue: nil,
          help: "plant this bug in the view model your tests get"),
        ExerciseCheck.languageOption,
      ])
  }

  /// Reads the command line, plants the bug it names and returns where the testing library's
  /// records go (the channel `workbook check` named; `nil`: nowhere, only the testing library's
  /// own lines); prints the usage and ends the process for `--help` (status 0) or a bad command
  /// line (status 2).
  @MainActor public static func prepare(
    exercise: Int, arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) -> String? {
    let commandLine = commandLine(exercise: exercise)
    let options: ParsedOptions
    do {
      options = try commandLine.parse(arguments)
    } catch {
      StandardStream.error.write(
        ChapterCommand.usageErrorText(error, commandLine: commandLine))
      exitProcess(2)
    }
    if options.wantsHelp { exitProcess(StandardStream.output.write(commandLine.usage) ? 0 : 1) }
    SignInBug.planted = options["bug"].flatMap(SignInBug.init(rawValue:))
    if let chosen = options["lang"] { setenv(WorkbookLanguage.variable, chosen, 1) }
    CrashNotice.install()
    return ReportChannel.open() ? ReportChannel.path : nil
  }

  /// Ends the process with the testing library's `status`, after a line with the next step when
  /// a learner ran the tests (not the checker).
  @MainActor public static func finish(exercise: Int, status: CInt) -> Never {
    if ReportChannel.isOpen {
      ReportChannel.send(.testsFinished(status: status))
    } else {
      switch WorkbookLanguage.fromEnvironment() {
      case .korean:
        let against = SignInBug.planted.map { "\($0.behaviour.ko) 뷰 모델" } ?? "진짜 SignInViewModel"
        StandardStream.error.write(
          "\n여러분의 테스트가 \(against, .object) 상대로 "
            + (status == 0 ? "모두 통과합니다." : "일부 실패합니다.")
            + " 다음 단계: `swift run workbook check \(exercise) --lang ko`는 고장 난 뷰 모델 "
            + "하나하나를 상대로도 테스트를 돌립니다.\n")
      case .english:
        let against = SignInBug.planted.map { "the view model that \($0.behaviour.en)" }
        StandardStream.error.write(
          (status == 0
            ? "\nYour tests pass against \(against ?? "the real SignInViewModel")."
            : "\nSome of your tests fail against \(against ?? "the real SignInViewModel").")
            + " Next: `swift run workbook check \(exercise)` runs them against each broken view "
            + "model too.\n")
      }
    }
    exitProcess(status)
  }
}
