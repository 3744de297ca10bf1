import Foundation

/// Runs a program to its end with its output in temporary files (no pipe can fill up).
enum Subprocess {
  /// What a run left.
  struct Result: Sendable {
    let status: Int32
    let output: String
    let errors: String
  }

  /// The status reported when the run was stopped for taking too long; its output is what it
  /// printed until then.
  static let timedOut: Int32 = -2

  /// Runs `command` in `folder` for at most `limit` seconds, with `environment` added to this
  /// process's environment.
  static func run(
    _ command: [String], in folder: URL, limit: TimeInterval, environment: [String: String] = [:]
  ) throws(WorkbookError) -> Result {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "workbook-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    } catch {
      throw WorkbookError(
        "cannot create a temporary folder for \(command.last ?? "a build")",
        ko: "\(command.last ?? "빌드")에 쓸 임시 폴더를 만들 수 없습니다")
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputURL = scratch.appendingPathComponent("out")
    let errorURL = scratch.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.currentDirectoryURL = folder
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let ending: Process.Ending
    do {
      let output = try FileHandle(forWritingTo: outputURL)
      let errors = try FileHandle(forWritingTo: errorURL)
      defer {
        try? output.close()
        try? errors.close()
      }
      process.standardOutput = output
      process.standardError = errors
      process.standardInput = FileHandle.nullDevice
      ending = try process.start()
    } catch {
      throw WorkbookError(
        "cannot run \(command.dropFirst().first ?? command[0])",
        ko: "\(command.dropFirst().first ?? command[0], .object) 실행할 수 없습니다")
    }
    let timedOut = !ending.wait(seconds: limit)
    if timedOut {
      // SIGTERM first; SIGKILL a second later for a program that blocks or ignores it.
      process.terminate()
      if !ending.wait(seconds: 1) {
        kill(process.processIdentifier, SIGKILL)
        ending.wait()
      }
    }
    let output = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
    let errors = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    let status =
      timedOut
      ? Self.timedOut
      : process.terminationReason == .uncaughtSignal
        ? 128 + process.terminationStatus
        : process.terminationStatus
    return Result(status: status, output: output, errors: errors)
  }
}
