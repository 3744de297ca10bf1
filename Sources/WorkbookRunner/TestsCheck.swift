import Foundation
import KooberRules

// MARK: - Exercises 9 and 11: the learner's tests against the real code and each broken copy

extension ExerciseBuild {
  /// Runs the learner's tests in `binary` against the real code, then — when they pass there —
  /// once against each of the exercise's bugs, each run its own process (a test that crashes
  /// against a broken copy has caught it, and must not stop the other runs), and grades them by
  /// the bugs they catch.
  func checkTests(
    of exercise: Exercise, code: CodeUnderTest, binary: URL
  ) throws(WorkbookError) -> CheckResult {
    let testsFile = exercise.exerciseFolder + "/" + code.testsFile
    let real = try runTests(binary, bug: nil, exercise: exercise, limit: runLimit)
    var result = CheckResult(status: .fail)
    switch real.ending {
    case .todo(let line):
      result.status = .todo
      result.todo = line
      return result
    case .crashed(let message):
      result.problem = texts.testsCrashed(code.real, real.unfinished, message)
      return result
    case .timedOut:
      result.problem = texts.testsTimedOut(code.real, Int(runLimit), real.unfinished)
      return result
    case .finished: break
    }
    var broken: [String: TestRun] = [:]
    if !real.tests.isEmpty, real.failures.isEmpty {
      for bug in code.bugs {
        // A test that waits for something a bug never does hangs: it has caught the bug, and a
        // short limit says so soon.
        broken[bug] = try runTests(
          binary, bug: bug, exercise: exercise, limit: min(runLimit, Self.brokenRunLimit))
      }
    }
    // What each test asserts, read from the learner's file, says why a test catches nothing.
    let source = try? String(contentsOf: workspace.url(testsFile), encoding: .utf8)
    result.rules = TestGrading.results(
      real: real, broken: broken, of: code, testsFile: testsFile,
      asserting: source.map(TestGrading.assertingTests(in:)))
    result.status = result.rules.allSatisfy { $0.status == .pass } ? .pass : .fail
    return result
  }

  /// How long one run against a broken copy may take.
  static let brokenRunLimit: TimeInterval = 15

  /// One run of the learner's tests, with `bug` planted (none: the real code).
  private func runTests(_ binary: URL, bug: String?, exercise: Exercise, limit: TimeInterval)
    throws(WorkbookError) -> TestRun
  {
    let run = try runExercise(
      exercise, binary: binary, arguments: bug.map { ["--bug", $0] } ?? [],
      limit: limit)
    return TestRun(events: run.channel, ending: Self.testEnding(of: run.ending, texts: texts))
  }

  /// How a run of the learner's tests ended, as their grading reads it: the testing library's
  /// own statuses (all passed, some failed, no test found) are a finished run; any other end is a
  /// crash, named.
  static func testEnding(of ending: ExerciseRun.Ending, texts: RunnerTexts) -> TestRun.Ending {
    switch ending {
    case .testsFinished(let status) where [0, 1, Self.noTestsStatus].contains(status):
      .finished
    case .todo(let line): .todo(line)
    case .timedOut: .timedOut
    case .crashed(let message): .crashed(message)
    case .testsFinished(let status), .exitedAfterReport(let status):
      .crashed(ExerciseRun.signalName(status, texts: texts))
    case .noReport(let lastError): .crashed(texts.noReport(lastError))
    case .secondReport: .crashed(texts.secondReport)
    case .reported: .crashed(texts.noReport(nil))
    }
  }

  /// The testing library's exit status when it found no test to run (`EX_UNAVAILABLE`).
  static let noTestsStatus: Int32 = 69

  /// What the learner's tests need to find the testing library when they run. On Linux it sits
  /// beside the Swift runtime; on macOS it is a framework in the platform's developer folder,
  /// which `swift test` adds to the search paths. Exercises 9 and 11's programs carry rpaths to it (see
  /// `Package.swift`); with full Xcode selected its platform folder comes first here too, and
  /// with the Command Line Tools alone, where `xcrun` knows no platform folder, the rpaths do.
  static let testingLibraryEnvironment: [String: String] = {
    #if os(macOS)
      let run = try? Subprocess.run(
        ["/usr/bin/xcrun", "--show-sdk-platform-path"], in: URL(fileURLWithPath: "/"), limit: 30)
      guard let run, run.status == 0,
        case let platform = run.output.trimmingCharacters(in: .whitespacesAndNewlines),
        platform.hasPrefix("/")
      else { return [:] }
      return [
        "DYLD_FRAMEWORK_PATH": platform + "/Developer/Library/Frameworks",
        "DYLD_LIBRARY_PATH": platform + "/Developer/usr/lib",
      ]
    #else
      return [:]
    #endif
  }()
}
