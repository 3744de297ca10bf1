import Synchronization

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

/// The exercise's side of its one channel to `workbook check`: a file the checker names in
/// ``variable``, opened before the learner's code runs, carrying ``ExerciseEvent``s as JSON
/// lines. Nothing the learner's code prints on standard output or standard error is read as a
/// verdict.
///
/// The learner's code runs in the same process, so code written to forge a verdict could find
/// the file; a run whose channel carries two reports has no verdict, so a forged report next to
/// the check's own earns nothing. What protects a grade is that the grader runs the teacher's
/// workbook (see `Chapters/TEACHING.md`).
public enum ReportChannel {
  /// The environment variable through which `workbook check` names the channel's file.
  public static let variable = "WORKBOOK_REPORT_CHANNEL"

  /// The open channel's file descriptor, or -1: set when the channel opens, taken (and closed)
  /// by the one report; atomic, so the crash handler can read it and two threads cannot both
  /// send a report.
  static let descriptor = Atomic<Int32>(-1)
  /// The channel's path, for the testing library's records (exercise 9).
  nonisolated(unsafe) public private(set) static var path: String?

  /// Opens the channel `workbook check` named, if it named one, and takes its name out of the
  /// environment; returns whether the exercise is being checked.
  @discardableResult public static func open() -> Bool {
    guard descriptor.load(ordering: .acquiring) < 0 else { return true }
    guard let named = ProcessInfo.processInfo.environment[variable], !named.isEmpty else {
      return false
    }
    unsetenv(variable)
    let opened = openForAppending(named)
    guard opened >= 0 else { return false }
    descriptor.store(opened, ordering: .releasing)
    path = named
    return true
  }

  /// Whether a channel is open.
  public static var isOpen: Bool { descriptor.load(ordering: .acquiring) >= 0 }

  /// Sends `event`; a report closes the channel: the first report is the only one sent.
  public static func send(_ event: ExerciseEvent) {
    let channel =
      event.isReport
      ? descriptor.exchange(-1, ordering: .acquiringAndReleasing)
      : descriptor.load(ordering: .acquiring)
    guard channel >= 0 else { return }
    let bytes = Array(event.line.utf8)
    var sent = 0
    while sent < bytes.count {
      let written = bytes[sent...].withUnsafeBytes { write(channel, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { break }
      sent += written
    }
    if event.isReport { close(channel) }
  }
}

/// `open(2)` for appending, never following a link, closed in any program the exercise starts.
private func openForAppending(_ path: String) -> Int32 {
  open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
}
