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
  /// the graph of that moment when there is one.
  func record(_ report: LifetimeCheck.Report, at fallback: SourceLocation) {
    guard !report.problems.isEmpty else { return }
    let known = locations.withLock { $0 }
    for problem in report.problems {
      Issue.record(
        Comment(rawValue: problem.message), sourceLocation: known[problem.expectation] ?? fallback)
    }
    guard let step = report.trace.steps.last else { return }
    let picture =
      ["# The objects when the test looked", "", "What keeps each marked object alive:", ""]
      + report.problems.map { "- \($0.message)" } + [""] + MermaidTraceRenderer.flowchart(step)
    Attachment.record(
      picture.joined(separator: "\n") + "\n", named: "lifetimes.md", sourceLocation: fallback)
  }
}
