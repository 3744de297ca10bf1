import Bilingual
import Foundation
import KooberRules
import KooberStory
import ObjectTrace

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
    let binary = workspace.binary(product)
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
    let binary = BuildStamp.identity(ofBinary: workspace.binary(product))
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
      let binary = BuildStamp.identity(ofBinary: workspace.binary(product))
    else { return false }
    BuildStamp(sources: sources, binary: binary).record(for: product, in: workspace)
    return true
  }

  /// `swift build` with `arguments`, in the system's temporary folder, and nothing removed from
  /// it afterwards.
  ///
  /// SwiftPM keeps its locks there (the build folder's among them), shared with a learner's own
  /// `swift build`, and plans the build again when `TMPDIR` changes (3.4 s against 0.6 s for
  /// `exercise1`). It also leaves empty `TemporaryDirectory.*` folders there at every build, as
  /// every `swift build` does; which of them a build made cannot be told from another build's
  /// made at the same moment, so none is touched: the system's cleaner removes them.
  func runBuild(_ arguments: [String]) throws(WorkbookError) -> Subprocess.Result {
    try Subprocess.run(swift(["build"] + arguments), in: workspace.root, limit: buildLimit)
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
      result.problem =
        run.crashedWhile.map { texts.crashedWhile($0, message) }
        ?? texts.crashed(result.unfinishedStep?.name, message)
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
}
