#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output or standard error, written with `write(2)`: no Foundation needed, and a
/// failed write (a full disk, a closed pipe) is reported instead of crashing.
public enum StandardStream: Sendable {
  /// Standard output.
  case output
  /// Standard error.
  case error

  /// Writes all of `text`; returns `false` when the stream cannot take it.
  @discardableResult
  public func write(_ text: String) -> Bool {
    let descriptor = self == .output ? STDOUT_FILENO : STDERR_FILENO
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { buffer in
        systemWrite(descriptor, buffer.baseAddress, buffer.count)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return false }
      bytes = bytes.dropFirst(written)
    }
    return true
  }
}

extension StandardStream {
  /// Makes a write to a closed pipe fail with `EPIPE` (reported, non-zero status) instead of
  /// killing the process with `SIGPIPE`.
  public static func reportBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }
}

extension StandardStream {
  /// Whether standard input is a terminal someone can press Enter on.
  public static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

  /// Reads standard input up to the end of a line; `false` when it has ended (Ctrl-D).
  public static func waitForEnter() -> Bool {
    var byte: UInt8 = 0
    while true {
      let count = read(STDIN_FILENO, &byte, 1)
      if count < 0, errno == EINTR { continue }
      guard count == 1 else { return false }
      if byte == UInt8(ascii: "\n") { return true }
    }
  }
}

/// Ends the process with `status`.
public func exitProcess(_ status: Int32) -> Never {
  exit(status)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
