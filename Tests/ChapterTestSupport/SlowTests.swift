import Foundation
import Testing

/// The tests that build a package of their own (a minute or more each), such as the lifetimes
/// lesson's app: they run only when asked, with `KOOBER_SLOW_TESTS=1` (`.ci/run` sets it for its
/// plain run), as the browser tests run with `KOOBER_BROWSER_TESTS=1`. A learner's `swift test`
/// leaves them out.
package enum SlowTests {
  /// Whether the slow tests were asked for.
  package static var wanted: Bool {
    ProcessInfo.processInfo.environment["KOOBER_SLOW_TESTS"] == "1"
  }

  /// The comment of a slow suite's `.enabled(if:)` trait: how to run it.
  package static let howToRun: Comment =
    "builds a package of its own: run with KOOBER_SLOW_TESTS=1 swift test (CI does)"
}
