import Foundation
import KooberRules
import KooberStory
import ObjectTrace
import TracePictures

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
  /// Lines beside the verdicts: the untraced types of the learner's, with what to add.
  public var notes: [String] = []
  /// The story's steps that finished before the run ended, in order.
  public var finishedSteps: [StoryStep] = []
  /// The step that was running when the run ended early (a crash, a time-out, a `todo`).
  public var unfinishedStep: StoryStep?

  /// The rules as `check` prints them: the ones that hold, in order, then the ones that do not,
  /// causes before symptoms, so "read the first ✗" reads the earliest cause: a rule that names
  /// what went wrong on the objects; then the story that stopped (a symptom when such a rule
  /// explains it, the cause when none does, a crash say); then a rule that can only say that no
  /// chain of stored references keeps the object; then the rules a stop left unchecked.
  public var rulesInReadingOrder: [RuleResult] { Self.inReadingOrder(rules) }

  /// `rules` as ``rulesInReadingOrder`` orders them.
  /// (A translated verdict is told by its English detail.)
  static func inReadingOrder(_ rules: [RuleResult]) -> [RuleResult] {
    func rank(_ rule: RuleResult) -> Int {
      let text = rule.detail?.en ?? rule.message
      if text.hasPrefix("not checked") { return 3 }
      if text.contains(Trace.noRetentionChain) { return 2 }
      return rule.id == Rule.storyCompletes.id ? 1 : 0
    }
    let failures = rules.filter { $0.status == .fail }.enumerated().sorted {
      (rank($0.element), $0.offset) < (rank($1.element), $1.offset)
    }
    return rules.filter { $0.status == .pass } + failures.map(\.element)
  }
}

/// Builds an exercise's executable as a subprocess and runs it.
public struct ExerciseBuild: Sendable {
  /// The workbook.
  public let workspace: Workspace
  /// How long a story may run before it is stopped, unless ``runLimit`` says otherwise.
  public static let defaultRunLimit: TimeInterval = 60
  /// How long a run may take before it is stopped.
  public var runLimit: TimeInterval = defaultRunLimit
  /// How long a build may take before it is stopped.
  public var buildLimit: TimeInterval = 900
  /// Whether every product is built already (see ``buildEverything()``): ``check(_:solution:)``
  /// then only runs the executable.
  public var everythingBuilt = false
  /// The language of the verdict's lines, which the exercise is told too.
  public var language = Language.english
  /// The texts in ``language``.
  var texts: RunnerTexts { .in(language) }

  /// Builds with the package's own build folder.
  public init(workspace: Workspace) { self.workspace = workspace }

  /// Builds and runs exercise `exercise` (or its solution) and returns the verdict.
  public func check(_ exercise: Exercise, solution: Bool = false) throws(WorkbookError)
    -> CheckResult
  {
    let product = solution ? exercise.solutionProduct : exercise.product
    let folder = solution ? exercise.solutionFolder : exercise.exerciseFolder
    let build =
      everythingBuilt
      ? Subprocess.Result(status: 0, output: "", errors: "")
      : try buildFresh(product, from: folder)
    if build.status == Subprocess.timedOut {
      return CheckResult(status: .fail, problem: texts.buildTimedOut(Int(buildLimit)))
    }
    guard build.status == 0 else {
      return CheckResult(
        status: .compileError,
        compilerErrors: Self.compilerErrors(
          in: build.output + build.errors, folder: workspace.url(folder).path,
          relativeTo: workspace.root.path))
    }
    let binary = workspace.url(".build/debug/\(product)")
    if let code = exercise.testedCode {
      return try checkTests(of: exercise, code: code, binary: binary)
    }
    let run = try runExercise(exercise, binary: binary, limit: runLimit)
    return Self.verdict(of: run, limit: runLimit, texts: texts)
  }

  /// Runs an exercise's `binary` with `arguments` for at most `limit` seconds, with a
  /// ``ReportChannel`` of its own: a file in a folder only this user can open, made for this run.
  func runExercise(
    _ exercise: Exercise, binary: URL, arguments: [String] = [], limit: TimeInterval
  ) throws(WorkbookError) -> ExerciseRun {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "workbook-run-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    let channel = folder.appendingPathComponent("channel.jsonl")
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
      try Data().write(to: channel, options: .withoutOverwriting)
    } catch {
      throw WorkbookError(
        "cannot create a temporary folder for \(exercise.product)",
        ko: "\(exercise.product)에 쓸 임시 폴더를 만들 수 없습니다")
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    // The learner's tests need the testing library's paths (exercise 9); the others need none.
    var environment = exercise.gradesTests ? Self.testingLibraryEnvironment : [:]
    // No backtrace: a crash's message, not a page of frames, is what a learner needs.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment[WorkbookLanguage.variable] = language.code
    environment[ReportChannel.variable] = channel.path
    let run = try Subprocess.run(
      [binary.path] + arguments, in: workspace.root, limit: limit, environment: environment)
    return ExerciseRun(
      status: run.status,
      channel: String(decoding: (try? Data(contentsOf: channel)) ?? Data(), as: UTF8.self),
      errors: run.errors, root: workspace.root.path, exercise: exercise, texts: texts)
  }

  /// Builds every product in one `swift build`, which plans the package once instead of once
  /// per exercise; returns whether it succeeded. When it fails, build each exercise on its own
  /// so each error is told with its exercise.
  /// Every exercise and solution is known to be built from the files on disk only when none of
  /// them changed during the build; otherwise this returns `false`, and each is built on its own.
  public func buildEverything() throws(WorkbookError) -> Bool {
    let products = Exercise.all.flatMap {
      [($0.product, $0.exerciseFolder), ($0.solutionProduct, $0.solutionFolder)]
    }
    var before: [String: [String: String]] = [:]
    for (product, folder) in products {
      before[product] = prepareFreshBuild(product, from: folder)
    }
    guard try runBuild([]).status == 0 else { return false }
    var unchanged = true
    for (product, folder) in products {
      unchanged = stampIfUnchanged(product, from: folder, before: before[product]) && unchanged
    }
    return unchanged
  }

  /// Builds `product` so that its binary is known to be built from the files in `folder` as they
  /// are now (see ``BuildStamp``): files that changed since the checker's last build of it, or
  /// during this one, are compiled again, never taken as up to date.
  func buildFresh(_ product: String, from folder: String) throws(WorkbookError)
    -> Subprocess.Result
  {
    for _ in 1...3 {
      let before = prepareFreshBuild(product, from: folder)
      let build = try runBuild(["--product", product])
      guard build.status == 0 else { return build }
      if stampIfUnchanged(product, from: folder, before: before) { return build }
    }
    throw WorkbookError(
      "\(folder) kept changing while it was being built; save your files and check again",
      ko: "빌드하는 동안 \(folder)의 파일이 계속 바뀌었습니다. 파일을 저장한 뒤 다시 검사하세요")
  }

  /// The fingerprints of `folder`'s files now. The files that differ from what the binary of
  /// `product` was built from are made to compile again; every file, when the binary is not
  /// known to be the checker's last build.
  private func prepareFreshBuild(_ product: String, from folder: String) -> [String: String] {
    let sources = BuildStamp.sources(in: workspace.url(folder))
    let binary = BuildStamp.identity(ofBinary: workspace.url(".build/debug/\(product)"))
    guard let binary, let stamp = BuildStamp.recorded(for: product, in: workspace),
      stamp.binary == binary
    else {
      BuildStamp.forget(product, in: workspace)
      return sources
    }
    let changed = sources.keys.filter { stamp.sources[$0] != sources[$0] }
    if !changed.isEmpty || stamp.sources.count != sources.count {
      BuildStamp.forget(changed, of: product, in: workspace)
    }
    return sources
  }

  /// Records that `product` was built from `folder`'s files when they still have the
  /// fingerprint `before` they had when the build started; returns whether they do.
  private func stampIfUnchanged(
    _ product: String, from folder: String, before: [String: String]?
  ) -> Bool {
    let sources = BuildStamp.sources(in: workspace.url(folder))
    guard sources == before,
      let binary = BuildStamp.identity(ofBinary: workspace.url(".build/debug/\(product)"))
    else { return false }
    BuildStamp(sources: sources, binary: binary).record(for: product, in: workspace)
    return true
  }

  /// `swift build` with `arguments`. SwiftPM leaves an empty `TemporaryDirectory.*` folder (a
  /// `.keep-directory` in it) in the temporary folder at every build; the ones this build left
  /// are removed. The temporary folder itself stays the system's: SwiftPM keeps its locks there,
  /// shared with a learner's own `swift build`, and reads the manifest again when it changes.
  func runBuild(_ arguments: [String]) throws(WorkbookError) -> Subprocess.Result {
    let temporary = FileManager.default.temporaryDirectory
    let before = Set(Self.temporaryFolders(in: temporary))
    let result = try Subprocess.run(
      swift(["build"] + arguments), in: workspace.root, limit: buildLimit)
    Self.removeLeftovers(in: temporary, except: before)
    return result
  }

  /// Removes the `TemporaryDirectory.*` folders in `temporary` that are not among `before` and
  /// hold nothing but SwiftPM's `.keep-directory`.
  static func removeLeftovers(in temporary: URL, except before: Set<String>) {
    let new = temporaryFolders(in: temporary).filter { !before.contains($0) }
    for name in leftEmpty(new, in: temporary) {
      let folder = temporary.appendingPathComponent(name)
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(".keep-directory"))
      // rmdir(2) removes only a folder that is then empty: one in use keeps its files.
      _ = rmdir(folder.path)
    }
  }

  /// The names of the `TemporaryDirectory.*` entries in `temporary`.
  static func temporaryFolders(in temporary: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [])
      .filter { $0.hasPrefix("TemporaryDirectory.") }
  }

  /// Those of `names` that are folders of this user's holding nothing but SwiftPM's
  /// `.keep-directory`.
  static func leftEmpty(_ names: [String], in temporary: URL) -> [String] {
    names.filter { name in
      let path = temporary.appendingPathComponent(name).path
      var info = stat()
      guard lstat(path, &info) == 0, info.st_uid == getuid(),
        (info.st_mode & S_IFMT) == S_IFDIR
      else { return false }
      return (try? FileManager.default.contentsOfDirectory(atPath: path)) == [".keep-directory"]
    }
  }

  /// `swift` with `arguments`, as a command line (`WORKBOOK_SWIFT` names another `swift`).
  func swift(_ arguments: [String]) -> [String] {
    let swift = ProcessInfo.processInfo.environment["WORKBOOK_SWIFT"] ?? "swift"
    return ["/usr/bin/env", swift] + arguments
  }

  /// The verdict on a run of an exercise with rules; `limit` is the time the run had.
  static func verdict(
    of run: ExerciseRun, limit: TimeInterval = defaultRunLimit, texts: RunnerTexts = .english
  ) -> CheckResult {
    var result = CheckResult(status: .fail)
    result.finishedSteps = run.finishedSteps
    result.unfinishedStep = run.unfinishedStep
    switch run.ending {
    case .todo(let line):
      result.status = .todo
      result.todo = line
    case .reported(let report, let status):
      result.status = status == 0 ? .pass : .fail
      result.rules = report.rules
      result.notes = (report.notes ?? []).map { $0.text(in: texts.language) }
    case .timedOut:
      result.problem = texts.storyTimedOut(Int(limit), result.unfinishedStep?.name)
    case .crashed(let message):
      result.problem = texts.crashed(result.unfinishedStep?.name, message)
    case .noReport(let lastError):
      result.problem = texts.noReport(lastError)
    case .secondReport:
      result.problem = texts.secondReport
    case .exitedAfterReport(let status):
      result.problem = texts.exitedAfterReport(status)
    case .testsFinished:
      result.problem = texts.noReport(nil)
    }
    return result
  }

  /// The runtime's one line about a crash (`…/File.swift:38: Fatal error: x`), with `root` cut
  /// from its path and the module's name (`#fileID`, `exercise4/File.swift`) made the learner's
  /// folder, or `nil` when it printed none.
  static func crashMessage(in errors: String, root: String, exercise: Exercise) -> String? {
    let kinds = ["Fatal error", "Precondition failed", "Assertion failed", "Illegal instruction"]
    guard
      let line = errors.split(separator: "\n").first(where: { line in
        kinds.contains { line.contains($0) }
      })
    else { return nil }
    var text = String(line)
    if !root.isEmpty { text = text.replacing(root + "/", with: "") }
    for (module, folder) in [
      (exercise.product, exercise.exerciseFolder),
      (exercise.solutionProduct, exercise.solutionFolder),
    ] where text.hasPrefix(module + "/") {
      text = folder + text.dropFirst(module.count)
    }
    return text.count > 300 ? String(text.prefix(300)) + "…" : text
  }

  /// `status` as a reader knows it: a signal's name, or the exit status.
  static func signalName(_ status: Int32, texts: RunnerTexts = .english) -> String {
    guard status > 128, let meaning = texts.signalMeanings[status - 128] else {
      return texts.exitStatus(status)
    }
    return texts.stoppedBySignal(status - 128, meaning)
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
