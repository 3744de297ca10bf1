import Foundation
import KooberRules

/// The verdict on one exercise: built, run, and each of its rules.
public struct CheckResult: Equatable, Sendable {
  /// The grader's four statuses.
  public enum Status: String, Codable, Sendable {
    case pass
    case fail
    case todo
    case compileError = "compile-error"
  }

  /// The verdict.
  public var status: Status
  /// Each rule's verdict, when the composition ran to the end.
  public var rules: [RuleResult] = []
  /// Compiler errors in the learner's files, trimmed to those files.
  public var compilerErrors: [String] = []
  /// `TODO: … (file:line)`, when the composition reached a `todo(…)`.
  public var todo: String?
  /// One line saying why the run ended abnormally (a crash, a time-out), if it did.
  public var problem: String?
}

/// Builds an exercise's executable as a subprocess and runs it.
public struct ExerciseBuild: Sendable {
  /// The workbook.
  public let workspace: Workspace
  /// How long a run may take before it is stopped.
  public var runLimit: TimeInterval = 60
  /// How long a build may take before it is stopped.
  public var buildLimit: TimeInterval = 900
  /// Whether every product is built already (see ``buildEverything()``): ``check(_:solution:)``
  /// then only runs the executable.
  public var everythingBuilt = false

  /// Builds with the package's own build folder.
  public init(workspace: Workspace) { self.workspace = workspace }

  /// Builds and runs exercise `exercise` (or its solution) and returns the verdict.
  public func check(_ exercise: Exercise, solution: Bool = false) throws(WorkbookError)
    -> CheckResult
  {
    let product = solution ? exercise.solutionProduct : exercise.product
    let build =
      everythingBuilt
      ? Subprocess.Result(status: 0, output: "", errors: "")
      : try Subprocess.run(
        swift(["build", "--product", product]), in: workspace.root, limit: buildLimit)
    if build.status == Subprocess.timedOut {
      return CheckResult(
        status: .fail, problem: "the build did not finish in \(Int(buildLimit)) s; try again")
    }
    guard build.status == 0 else {
      let folder = solution ? exercise.solutionFolder : exercise.exerciseFolder
      return CheckResult(
        status: .compileError,
        compilerErrors: Self.compilerErrors(
          in: build.output + build.errors, folder: workspace.url(folder).path,
          relativeTo: workspace.root.path))
    }
    let binary = workspace.url(".build/debug/\(product)")
    let run = try Subprocess.run([binary.path, "--json"], in: workspace.root, limit: runLimit)
    return Self.verdict(of: run, exercise: exercise)
  }

  /// Builds every product in one `swift build`, which plans the package once instead of once
  /// per exercise; returns whether it succeeded. When it fails, build each exercise on its own
  /// so each error is told with its exercise.
  public func buildEverything() throws(WorkbookError) -> Bool {
    try Subprocess.run(swift(["build"]), in: workspace.root, limit: buildLimit).status == 0
  }

  /// `swift` with `arguments`, as a command line (`WORKBOOK_SWIFT` names another `swift`).
  func swift(_ arguments: [String]) -> [String] {
    let swift = ProcessInfo.processInfo.environment["WORKBOOK_SWIFT"] ?? "swift"
    return ["/usr/bin/env", swift] + arguments
  }

  /// The verdict from an exercise executable's exit status and output.
  static func verdict(of run: Subprocess.Result, exercise: Exercise) -> CheckResult {
    let lastError = run.errors.split(separator: "\n").last.map(String.init)
    switch run.status {
    case todoExitStatus:
      let todo = run.errors.split(separator: "\n").last { $0.hasPrefix("TODO:") }
      return CheckResult(status: .todo, todo: todo.map(String.init) ?? "TODO: (not said)")
    case 0, 1:
      // The report follows the last marker line; anything before it the learner's code printed.
      let marker = "\n\(ExerciseCheck.reportMarker)\n"
      let json = run.output.components(separatedBy: marker).dropFirst().last ?? ""
      guard !json.isEmpty, let data = json.data(using: .utf8),
        let report = try? JSONDecoder().decode(ExerciseCheck.Report.self, from: data),
        report.exercise == exercise.number
      else {
        return CheckResult(
          status: .fail,
          problem: "the check printed no report" + (lastError.map { ": \($0)" } ?? ""))
      }
      let passed = run.status == 0 && report.rules.allSatisfy { $0.status == .pass }
      return CheckResult(status: passed ? .pass : .fail, rules: report.rules)
    case Subprocess.timedOut:
      return CheckResult(
        status: .fail, problem: "the story did not finish in time (an endless loop?)")
    default:
      return CheckResult(
        status: .fail,
        problem: "the composition crashed (status \(run.status))"
          + (lastError.map { ": \($0)" } ?? ""))
    }
  }

  /// The compiler's errors in `folder`'s files, each with the source lines the compiler shows
  /// under it, paths made relative, each error once; everything when none is in `folder`.
  static func compilerErrors(in output: String, folder: String, relativeTo root: String)
    -> [String]
  {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var errors: [String] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      index += 1
      guard line.hasPrefix(folder + "/"), line.contains(": error: ") else { continue }
      var block = [String(line.dropFirst(root.count + 1))]
      while index < lines.count, Self.isContext(lines[index]) {
        block.append(lines[index])
        index += 1
      }
      let text = block.joined(separator: "\n")
      if !errors.contains(text) { errors.append(text) }
    }
    if errors.isEmpty {
      let tail = lines.filter { !$0.isEmpty }.suffix(12)
      return tail.isEmpty ? ["the build failed without a message"] : [tail.joined(separator: "\n")]
    }
    return Array(errors.prefix(8))
  }

  /// A line of the source excerpt the compiler prints under an error (`12 | …`, `   | ^`).
  private static func isContext(_ line: String) -> Bool {
    let trimmed = line.drop { $0 == " " }
    let number = trimmed.prefix { $0.isNumber }
    return trimmed.dropFirst(number.count).hasPrefix(" |") || trimmed.hasPrefix("|")
  }
}

/// Runs a program to its end with its output in temporary files (no pipe can fill up).
enum Subprocess {
  /// What a run left.
  struct Result: Sendable {
    let status: Int32
    let output: String
    let errors: String
  }

  /// The status reported when the run was stopped for taking too long.
  static let timedOut: Int32 = -2

  static func run(_ command: [String], in folder: URL, limit: TimeInterval)
    throws(WorkbookError) -> Result
  {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "workbook-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    } catch {
      throw WorkbookError("cannot create a temporary folder for \(command.last ?? "a build")")
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
      try process.run()
    } catch {
      throw WorkbookError("cannot run \(command.dropFirst().first ?? command[0])")
    }
    let deadline = Date().addingTimeInterval(limit)
    while process.isRunning {
      if Date() > deadline {
        process.terminate()
        process.waitUntilExit()
        return Result(status: timedOut, output: "", errors: "")
      }
      usleep(10_000)
    }
    let output = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
    let errors = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus
      : process.terminationStatus
    return Result(status: status, output: output, errors: errors)
  }
}
