import Foundation
import WorkbookRunner

/// Headless Chromium, run as a command: opens a page from the file system, runs its scripts,
/// and prints the document afterwards (`--dump-dom`) or saves a screenshot.
///
/// Found on the `PATH` as `chromium`, `chromium-browser`, `google-chrome` or
/// `google-chrome-stable`, or named by `KOOBER_BROWSER`. The tests that need it run only when
/// asked, with `KOOBER_BROWSER_TESTS=1` (CI does), and a missing browser then fails them.
struct HeadlessBrowser {
  /// The browser's executable.
  let executable: URL

  /// The browser of this machine, if it has one.
  static let found: HeadlessBrowser? = {
    let environment = ProcessInfo.processInfo.environment
    if let named = environment["KOOBER_BROWSER"], !named.isEmpty {
      return HeadlessBrowser(executable: URL(fileURLWithPath: named))
    }
    return onPath(["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]).map(
      HeadlessBrowser.init(executable:))
  }()

  /// The first of `names` found on the `PATH`.
  static func onPath(_ names: [String]) -> URL? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    for name in names {
      for folder in folders {
        let path = folder + "/" + name
        if FileManager.default.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
      }
    }
    return nil
  }

  /// coreutils' `timeout`, which runs the browser in a process group of its own, ends the whole
  /// group at the limit (with a KILL 5 s after the TERM) and says so with its status. Ending only
  /// the browser's own process left its helpers (which share its output) running, and the
  /// browser exited normally, so a browser that hung read as an empty document. Without
  /// `timeout` (macOS), the browser's own process is ended at the limit.
  static let timeout = onPath(["timeout"])

  /// Whether the browser tests were asked for (CI): they then run, and a missing browser is a
  /// failure. A learner's `swift test` leaves them out: they start a browser seven times, about
  /// 7 s of a 60 s first run, to test the page's script, which nothing a learner edits changes.
  static var wanted: Bool { ProcessInfo.processInfo.environment["KOOBER_BROWSER_TESTS"] == "1" }

  /// The document of `page` after its scripts ran, as the browser serializes it.
  func document(of page: URL) throws -> String {
    try run(["--dump-dom", page.absoluteString])
  }

  /// Saves a picture of `page` (an address, with its `#step`) at `size` to `file`.
  func screenshot(of page: String, to file: URL, size: (Int, Int) = (1400, 1000)) throws {
    _ = try run([
      "--hide-scrollbars", "--window-size=\(size.0),\(size.1)", "--screenshot=\(file.path)", page,
    ])
  }

  /// Runs the browser headless with its own profile folder, for at most `limit` seconds.
  private func run(_ arguments: [String], limit: TimeInterval = 90) throws -> String {
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "koober-browser-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: profile) }
    let browser =
      [
        executable.path, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--mute-audio", "--disable-extensions", "--disable-background-networking",
        "--disable-sync", "--user-data-dir=\(profile.path)", "--virtual-time-budget=5000",
      ] + arguments
    let process = Process()
    if let timeout = Self.timeout {
      process.executableURL = timeout
      process.arguments = ["--kill-after=5", "\(Int(limit))"] + browser
    } else {
      process.executableURL = executable
      process.arguments = Array(browser.dropFirst())
    }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let started = ContinuousClock.now
    let ending = try process.start()
    let deadline = DispatchWorkItem { [process] in
      if process.isRunning { process.terminate() }
    }
    if Self.timeout == nil {
      DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: deadline)
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    ending.wait()
    deadline.cancel()
    // `timeout` says the limit was reached with status 124 (137 after its KILL). Without it, a
    // browser ended at the limit may still exit normally, with an empty document: the clock says.
    let timedOut =
      process.terminationReason != .exit
      || (Self.timeout != nil
        ? [124, 137].contains(process.terminationStatus)
        : ContinuousClock.now - started >= .seconds(limit))
    guard !timedOut else {
      throw BrowserError(description: "the browser did not finish within \(Int(limit)) s")
    }
    return String(decoding: data, as: UTF8.self)
  }

  struct BrowserError: Error, CustomStringConvertible {
    let description: String
  }
}
