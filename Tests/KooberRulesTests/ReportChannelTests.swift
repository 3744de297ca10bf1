import Foundation
import KooberRules
import Testing

/// The exercise's side of its channel to `workbook check`.
@Suite struct ReportChannelTests {
  /// The learner's code runs after the channel opens and never finds the channel's name in the
  /// environment: `open()` takes the variable out.
  @Test func openingTheChannelTakesItsNameOutOfTheEnvironment() async {
    await #expect(processExitsWith: .success) {
      let channel = FileManager.default.temporaryDirectory.appendingPathComponent(
        "workbook-unset-\(getpid()).jsonl")
      try? Data().write(to: channel)
      setenv(ReportChannel.variable, channel.path, 1)
      let opened = ReportChannel.open()
      let left = getenv(ReportChannel.variable)
      try? FileManager.default.removeItem(at: channel)
      if !opened || left != nil { exit(1) }
    }
  }
}
