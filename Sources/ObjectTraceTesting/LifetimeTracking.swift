import ObjectTrace
import Synchronization
import Testing
import TracePictures

/// One test's lifetime expectations: the check, and where in the test each one was made.
final class LifetimeTracking: Sendable {
  /// The tracking of the test running in this task, set by the `.trackLifetimes` trait.
  @TaskLocal static var current: LifetimeTracking?

  let check: LifetimeCheck
  private let locations = Mutex<[Int: SourceLocation]>([:])

  init(objectLimit: Int) {
    check = LifetimeCheck(objectLimit: objectLimit)
  }

  /// Remembers that expectation `number` was made at `location` (its first call, if twice).
  func remember(_ number: Int, at location: SourceLocation) {
    locations.withLock { if $0[number] == nil { $0[number] = location } }
  }

  /// Records each problem of `report` as an issue where its expectation was made, and attaches
  /// the graph of that moment when there is one, named by the test.
  ///
  /// The problem is recorded as the issue's error (``LifetimeCheck/Problem`` is one): Swift
  /// Testing's `✘` line shows an issue's kind, which for an issue with only a comment is "Issue
  /// recorded", and for a caught error is the error's description, the finding's one line.
  func record(_ report: LifetimeCheck.Report, at fallback: SourceLocation) {
    guard !report.problems.isEmpty else { return }
    let known = locations.withLock { $0 }
    for problem in report.problems {
      Issue.record(problem, sourceLocation: known[problem.expectation] ?? fallback)
    }
    guard let step = report.trace.steps.last else { return }
    let picture =
      ["# The objects when the test looked", "", "What keeps each marked object alive:", ""]
      + report.problems.map { "- \($0.message)" } + [""]
      + MermaidTraceRenderer.flowchart(step, style: .plain)
    Attachment.record(
      picture.joined(separator: "\n") + "\n", named: Self.attachmentName(Test.current?.name),
      sourceLocation: fallback)
  }

  /// `signingOutReleasesTheSession-lifetimes.md` for the test `signingOutReleasesTheSession()`.
  static func attachmentName(_ testName: String?) -> String {
    let name = testName.map { String($0.prefix { $0 != "(" }) } ?? ""
    let safe = String(name.map { $0.isLetter || $0.isNumber || "-_".contains($0) ? $0 : "-" })
    return (safe.isEmpty ? "" : safe + "-") + "lifetimes.md"
  }
}
