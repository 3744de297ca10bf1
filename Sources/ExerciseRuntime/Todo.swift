import Bilingual
import CommandLineKit
import KooberChapter
import ObjectTrace
import Synchronization

/// The exit status of a starter that reached a ``todo(_:file:line:)``: "not done yet".
public let todoExitStatus: Int32 = 3

/// Marks what a learner still has to write: prints `TODO: <what> (<file>:<line>)` on standard
/// error (and sends it to the ``ReportChannel``, when `workbook check` runs the exercise), in
/// the learner's language (``WorkbookLanguage``), and ends the process with
/// ``todoExitStatus`` — never a crash, never a backtrace.
///
/// It returns `Never`, so it stands in for any value:
/// `return todo("make the profile screen", ko: "프로필 화면을 만드세요")`.
public func todo(
  _ what: String, ko: String? = nil, file: StaticString = #filePath, line: UInt = #line
) -> Never {
  let text = Localized(en: what, ko: ko ?? what).text(in: WorkbookLanguage.current)
  TodoStop.run()
  let line = "TODO: \(text) (\(packageRelative("\(file)")):\(line))"
  StandardStream.error.write(line + "\n")
  ReportChannel.send(.todo(line))
  exitProcess(todoExitStatus)
}

/// `Chapters/…/exercise/File.swift` from an absolute path, so the line reads the same on every
/// machine.
func packageRelative(_ path: String) -> String {
  let parts = path.split(separator: "/", omittingEmptySubsequences: false)
  guard let start = parts.lastIndex(of: "Chapters") else { return path }
  return parts[start...].joined(separator: "/")
}

/// What to do just before a `todo(…)` ends the process: `exerciseN --trace --format html` prints
/// the trace of the steps that finished, so a `todo` in a later step keeps the steps that ran.
package enum TodoStop {
  private static let action = Mutex<(@Sendable () -> Void)?>(nil)

  /// Replaces what to do (`nil`: nothing).
  package static func set(_ newAction: (@Sendable () -> Void)?) {
    action.withLock { $0 = newAction }
  }

  /// Does it, once.
  static func run() {
    let pending = action.withLock { current in
      defer { current = nil }
      return current
    }
    pending?()
  }
}
