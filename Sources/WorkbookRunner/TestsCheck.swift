import Foundation
import KooberRules

// MARK: - Exercise 9: the learner's tests against the real view model and each broken one

extension ExerciseBuild {
  /// Runs the learner's tests in `binary` against the real sign-in view model, then — when they
  /// pass there — once against each ``SignInBug``, each run its own process (a test that
  /// crashes against a broken view model has caught it, and must not stop the other runs), and
  /// grades them by the bugs they catch.
  func checkTests(of exercise: Exercise, binary: URL) throws(WorkbookError) -> CheckResult {
    let testsFile = exercise.exerciseFolder + "/SignInViewModelTests.swift"
    let real = try runTests(binary, bug: nil, exercise: exercise, limit: runLimit)
    var result = CheckResult(status: .fail)
    switch real.ending {
    case .todo(let line):
      result.status = .todo
      result.todo = line
      return result
    case .crashed(let message):
      result.problem = texts.testsCrashed(real.unfinished, message)
      return result
    case .timedOut:
      result.problem = texts.testsTimedOut(Int(runLimit), real.unfinished)
      return result
    case .finished: break
    }
    var broken: [SignInBug: TestRun] = [:]
    if !real.tests.isEmpty, real.failures.isEmpty {
      for bug in SignInBug.allCases {
        // A test that waits for something a bug never does hangs: it has caught the bug, and a
        // short limit says so soon.
        broken[bug] = try runTests(
          binary, bug: bug, exercise: exercise, limit: min(runLimit, Self.brokenRunLimit))
      }
    }
    result.rules = TestGrading.results(real: real, broken: broken, testsFile: testsFile)
    result.status = result.rules.allSatisfy { $0.status == .pass } ? .pass : .fail
    return result
  }

  /// How long one run against a broken view model may take.
  static let brokenRunLimit: TimeInterval = 15

  /// One run of the learner's tests, with `bug` planted (none: the real view model).
  private func runTests(_ binary: URL, bug: SignInBug?, exercise: Exercise, limit: TimeInterval)
    throws(WorkbookError) -> TestRun
  {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "workbook-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(
        at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw WorkbookError(
        "cannot create a temporary folder for \(exercise.product)'s tests",
        ko: "\(exercise.product)의 테스트에 쓸 임시 폴더를 만들 수 없습니다")
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let events = scratch.appendingPathComponent("events.jsonl")
    var environment = Self.testingLibraryEnvironment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment[TestRunCommand.eventsVariable] = events.path
    environment[WorkbookLanguage.variable] = language
    let run = try Subprocess.run(
      [binary.path] + (bug.map { ["--bug", $0.rawValue] } ?? []), in: workspace.root,
      limit: limit, environment: environment)
    let text = (try? String(contentsOf: events, encoding: .utf8)) ?? ""
    let ending: TestRun.Ending
    switch run.status {
    case 0, 1, Self.noTestsStatus:
      ending = .finished
    case todoExitStatus:
      let todo = run.errors.split(separator: "\n").last { $0.hasPrefix("TODO:") }
      ending = .todo(todo.map(String.init) ?? "TODO: (not said)")
    case Subprocess.timedOut:
      ending = .timedOut
    default:
      ending = .crashed(
        Self.crashMessage(in: run.errors, root: workspace.root.path, exercise: exercise)
          ?? Self.signalName(run.status, texts: texts))
    }
    return TestRun(events: text, ending: ending)
  }

  /// The testing library's exit status when it found no test to run (`EX_UNAVAILABLE`).
  static let noTestsStatus: Int32 = 69

  /// What the learner's tests need to find the testing library when they run. On Linux it sits
  /// beside the Swift runtime; on macOS it is a framework in the platform's developer folder,
  /// which `swift test` adds to the search paths and a plain executable must be told about.
  static let testingLibraryEnvironment: [String: String] = {
    #if os(macOS)
      let run = try? Subprocess.run(
        ["/usr/bin/xcrun", "--show-sdk-platform-path"], in: URL(fileURLWithPath: "/"), limit: 30)
      guard let platform = run?.output.trimmingCharacters(in: .whitespacesAndNewlines),
        !platform.isEmpty
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
