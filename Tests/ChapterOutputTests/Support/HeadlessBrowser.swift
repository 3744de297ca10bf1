import ChapterTestSupport
import Foundation

@testable import WorkbookRunner

/// Headless Chromium, run as a command: opens a page from the file system, runs its scripts,
/// and prints the document afterwards (`--dump-dom`) or saves a screenshot.
///
/// Found on the `PATH` as `chromium`, `chromium-browser`, `google-chrome` or
/// `google-chrome-stable`, in a Mac's applications folder (Google Chrome, Chromium), or named by
/// `KOOBER_BROWSER`. The tests that need it run only when
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
    for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
      if let found = ExecutableRun.onThePath(name) { return HeadlessBrowser(executable: found) }
    }
    // On a Mac the browser is an app bundle, not a command on the PATH.
    for app in [
      "Google Chrome.app/Contents/MacOS/Google Chrome", "Chromium.app/Contents/MacOS/Chromium",
    ]
    where FileManager.default.isExecutableFile(atPath: "/Applications/" + app) {
      return HeadlessBrowser(executable: URL(fileURLWithPath: "/Applications/" + app))
    }
    return nil
  }()

  /// Whether the browser tests were asked for (CI): they then run, and a missing browser is a
  /// failure. A learner's `swift test` leaves them out: they start a browser seven times, about
  /// 7 s of a 60 s first run, to test the page's script, which nothing a learner edits changes.
  static var wanted: Bool { ProcessInfo.processInfo.environment["KOOBER_BROWSER_TESTS"] == "1" }

  /// The document of `page` after its scripts ran, as the browser serializes it.
  func document(of page: URL) throws -> String {
    try run(["--dump-dom", page.absoluteString])
  }

  /// Saves a picture of `page` (an address, with its `#step`) at `size` to `file`, once the
  /// cards' animations (a new card appears in 0.6 s, a released one fades in 1.4 s) are over.
  func screenshot(of page: String, to file: URL, size: (Int, Int) = (1400, 1000)) throws {
    _ = try run([
      "--hide-scrollbars", "--window-size=\(size.0),\(size.1)", "--virtual-time-budget=2000",
      "--screenshot=\(file.path)", page,
    ])
  }

  /// Runs the browser headless with its own profile folder, for at most `limit` seconds.
  ///
  /// Through the workbook's own ``Subprocess/run(_:in:limit:environment:)``: its output goes to
  /// files, which the browser's helper processes cannot hold open as they held a pipe, and a run
  /// stopped at the limit says so with its status. (Ended at the limit, the browser itself exits
  /// normally, and read from a pipe its empty output passed for a document.)
  private func run(_ arguments: [String], limit: TimeInterval = 90) throws -> String {
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "koober-browser-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: profile) }
    let command =
      [
        executable.path, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--no-first-run",
        "--mute-audio", "--disable-extensions", "--disable-background-networking",
        "--disable-sync", "--user-data-dir=\(profile.path)", "--virtual-time-budget=5000",
      ] + arguments
    let run = try Subprocess.run(
      command, in: FileManager.default.temporaryDirectory, limit: limit)
    guard run.status != Subprocess.timedOut else {
      throw BrowserError(description: "the browser did not finish within \(Int(limit)) s")
    }
    guard run.status < 128 else {
      throw BrowserError(description: "the browser ended by signal \(run.status - 128)")
    }
    return run.output
  }

  struct BrowserError: Error, CustomStringConvertible {
    let description: String
  }
}
