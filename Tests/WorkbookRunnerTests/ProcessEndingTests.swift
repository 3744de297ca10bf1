import Foundation
import Testing
import WorkbookRunner

/// `Process.start()`: the end of a program is told when it comes, and `terminate()` ends a
/// program started from any thread.
@Suite struct ProcessEndingTests {
  @Test func theStatusIsSetWhenTheWaitReturns() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 3"]
    let ending = try process.start()
    ending.wait()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 3)
    ending.wait()  // a second wait returns too
    #expect(ending.wait(seconds: 0))
  }

  /// Tests run on threads that block SIGTERM; a program started there must not inherit that,
  /// or `terminate()` would not end it (a hung exercise would wait for SIGKILL, and one started
  /// by a background thread would outlive Ctrl-C).
  @Test func terminateEndsAProgramStartedFromATestsThread() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sleep")
    process.arguments = ["60"]
    let ending = try process.start()
    #expect(!ending.wait(seconds: 0.05))
    process.terminate()
    let ended = ending.wait(seconds: 20)
    if !ended {
      kill(process.processIdentifier, SIGKILL)
      ending.wait()
    }
    #expect(ended)
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGTERM)
  }
}
