import Foundation
import WorkbookRunner

/// A built executable (a chapter, `workbook`) run as a learner runs it, with what it printed and
/// its exit status.
package struct ExecutableRun: Sendable {
  package let standardOutput: String
  package let standardError: String
  package let status: Int32

  /// Runs the built executable `name` with `arguments`: in `folder` (or this process's folder),
  /// with `environment` over this process's, reading `standardInput` (or this process's).
  package init(
    _ name: String, _ arguments: [String] = [], in folder: URL? = nil,
    environment: [String: String] = [:], standardInput: FileHandle? = nil
  ) throws {
    let process = Process()
    process.executableURL = try Self.location(of: name)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let standardInput { process.standardInput = standardInput }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    let ending = try process.start()
    // Read before waiting, so a large output cannot fill the pipe and block the child.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    ending.wait()
    standardOutput = String(decoding: outputData, as: UTF8.self)
    standardError = String(decoding: errorData, as: UTF8.self)
    status = process.terminationStatus
  }

  /// The executable beside the test bundle: `swift test` builds every product of the package
  /// into the same folder before it runs a test.
  package static func location(of name: String) throws -> URL {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    let bundle = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
    if FileManager.default.isExecutableFile(atPath: bundle.path) { return bundle }
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
  }
}

extension ExecutableRun {
  /// The shared runs behind an `NSLock`, not a `Mutex`: on Linux a contended `Mutex` waits on a
  /// futex the thread sanitizer does not see, and it reported the dictionary it guards as raced.
  private final class SharedRuns: @unchecked Sendable {
    let lock = NSLock()
    var byCommandLine: [[String]: ExecutableRun] = [:]
  }

  private static let sharedRuns = SharedRuns()

  /// The run of `name arguments`, made once per test process (twice if two tests ask at the same
  /// moment) and shared by the tests that only read what it printed. A chapter prints the same
  /// bytes every run — `GoldenTraceTests.twoRunsAreByteIdentical` proves that with fresh runs —
  /// so sharing changes no verdict, and it spares a process start (slow under the sanitizers).
  package static func shared(_ name: String, _ arguments: [String] = []) throws -> ExecutableRun {
    let key = [name] + arguments
    if let known = sharedRuns.lock.withLock({ sharedRuns.byCommandLine[key] }) { return known }
    let run = try ExecutableRun(name, arguments)
    sharedRuns.lock.withLock { sharedRuns.byCommandLine[key] = run }
    return run
  }
}
