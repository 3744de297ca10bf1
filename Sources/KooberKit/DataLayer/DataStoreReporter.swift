import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a file store says what went wrong with its file, one line each, and how many failures
/// it reported.
///
/// The story gives each run its own reporter (``current``, a task-local value), so a chapter's
/// exit status counts the failures of its own run, and a composition makes its store as the book
/// does — `FileUserSessionDataStore(userSessionCoder:)` — without passing a reporter along.
public final class DataStoreReporter: Sendable {
  /// The reporter of the story being played; outside a story, one that writes to standard error.
  @TaskLocal public static var current = DataStoreReporter()

  private let writeLine: @Sendable (String) -> Void
  private let failureCount = Mutex(0)

  /// A reporter that writes each line with `write` (to standard error by default).
  public init(write: @escaping @Sendable (String) -> Void = DataStoreReporter.standardError) {
    writeLine = write
  }

  /// Writes `message` and a newline to standard error.
  public static let standardError: @Sendable (String) -> Void = { message in
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }

  /// How many failures have been reported.
  public var failures: Int { failureCount.withLock { $0 } }

  /// Says `message`, after `warning: `: the store went on as well as it could.
  func warning(_ message: String) { writeLine("warning: " + message) }

  /// Says `message`, after `error: `, and counts a failure.
  func failure(_ message: String) {
    failureCount.withLock { $0 += 1 }
    writeLine("error: " + message)
  }
}
