import ChapterTestSupport
import Foundation
import KooberRules
import WorkbookRunner

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `workbook` run in a folder, with what it printed and its exit status.
struct WorkbookRun {
  let standardOutput: String
  let standardError: String
  let status: Int32

  /// Runs `workbook arguments` in `folder`. Its standard input is empty, never the terminal
  /// the tests may run at; with `terminalInput`, it is a terminal (a pseudo-terminal) where
  /// that text is typed.
  init(
    _ arguments: [String], in folder: URL, environment: [String: String] = [:],
    terminalInput: String? = nil
  ) throws {
    var terminal: PseudoTerminal?
    if let terminalInput {
      let opened = try PseudoTerminal()
      opened.controller.write(Data(terminalInput.utf8))
      terminal = opened
    }
    defer { withExtendedLifetime(terminal) {} }
    let run = try ExecutableRun(
      "workbook", arguments, in: folder, environment: environment,
      standardInput: terminal?.device ?? FileHandle.nullDevice)
    standardOutput = run.standardOutput
    standardError = run.standardError
    status = run.status
  }
}

/// A pseudo-terminal: what the controller writes, a program reading the device reads as typed
/// at a terminal (`isatty` is true there).
struct PseudoTerminal {
  let controller: FileHandle
  let device: FileHandle

  init() throws {
    let controller = Self.openController(O_RDWR | O_NOCTTY)
    guard controller >= 0 else { throw CocoaError(.fileReadUnknown) }
    guard let name = Self.deviceName(of: controller),
      case let device = open(name, O_RDWR | O_NOCTTY), device >= 0
    else {
      close(controller)
      throw CocoaError(.fileReadUnknown)
    }
    self.controller = FileHandle(fileDescriptor: controller, closeOnDealloc: true)
    self.device = FileHandle(fileDescriptor: device, closeOnDealloc: true)
  }

  #if canImport(Glibc)
    // Glibc's module leaves out the pseudo-terminal calls (they need `_XOPEN_SOURCE`): they are
    // looked up in the C library by name.
    typealias Call = @convention(c) (Int32) -> Int32
    typealias NameCall = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

    static func function<T>(_ name: String, as type: T.Type) -> T? {
      dlsym(dlopen(nil, RTLD_NOW), name).map { unsafeBitCast($0, to: type) }
    }

    static func openController(_ flags: Int32) -> Int32 {
      function("posix_openpt", as: Call.self)?(flags) ?? -1
    }

    static func deviceName(of controller: Int32) -> String? {
      guard let grant = function("grantpt", as: Call.self),
        let unlock = function("unlockpt", as: Call.self),
        let name = function("ptsname_r", as: NameCall.self),
        grant(controller) == 0, unlock(controller) == 0
      else { return nil }
      var buffer = [CChar](repeating: 0, count: 128)
      guard name(controller, &buffer, buffer.count) == 0 else { return nil }
      return String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  #else
    static func openController(_ flags: Int32) -> Int32 { posix_openpt(flags) }

    static func deviceName(of controller: Int32) -> String? {
      guard grantpt(controller) == 0, unlockpt(controller) == 0, let name = ptsname(controller)
      else { return nil }
      return String(cString: name)
    }
  #endif
}

/// A throwaway workbook for every command that does not build, so tests never touch a learner's
/// files or progress: a copy of the manifest, each exercise's folder written fresh with its
/// starter, and links to what the commands only read (`Sources/`, the solutions, the tasks and
/// hints). Linking instead of copying those 265 files saves about 0.2 s a test on a slow disk.
struct ScratchWorkbook {
  let root: URL

  /// The package the tests were built from.
  private static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every exercise's starter, made from its solution once for all the scratch workbooks of a
  /// test run (the solutions do not change while it runs).
  private static let starters = Result { () throws(WorkbookError) -> [[String: String]] in
    let workspace = Workspace(root: package)
    return try Exercise.all.map { exercise throws(WorkbookError) in
      try workspace.starterFiles(of: exercise)
    }
  }

  init() throws {
    let package = Self.package
    let manager = FileManager.default
    root = manager.temporaryDirectory.appendingPathComponent("workbook-test-\(UUID().uuidString)")
    try manager.createDirectory(at: root, withIntermediateDirectories: true)
    try manager.copyItem(
      at: package.appendingPathComponent("Package.swift"),
      to: root.appendingPathComponent("Package.swift"))
    // Solutions link the chapter files they share, so `Sources/` is there too.
    try manager.createSymbolicLink(
      at: root.appendingPathComponent("Sources"),
      withDestinationURL: package.appendingPathComponent("Sources"))
    let starters = try Self.starters.get()
    for (exercise, files) in zip(Exercise.all, starters) {
      let chapter = (exercise.exerciseFolder as NSString).deletingLastPathComponent
      try manager.createDirectory(
        at: root.appendingPathComponent(chapter), withIntermediateDirectories: true)
      // Only what commands read (the solution, the task and the hints): each link is a new file,
      // and creating files was a tenth of a test run's CPU on a disk the tests keep deleting on.
      for name in try manager.contentsOfDirectory(
        atPath: package.appendingPathComponent(chapter).path)
      where name == "solution" || name.hasPrefix("TASK") || name.hasPrefix("HINTS") {
        try manager.createSymbolicLink(
          at: root.appendingPathComponent("\(chapter)/\(name)"),
          withDestinationURL: package.appendingPathComponent("\(chapter)/\(name)"))
      }
      // The exercise's own folder holds the starter, whatever a learner has done to theirs.
      let folder = root.appendingPathComponent(exercise.exerciseFolder)
      try manager.createDirectory(at: folder, withIntermediateDirectories: true)
      for (name, text) in files {
        try Self.write(text, to: folder.appendingPathComponent(name))
      }
    }
  }

  /// Writes `text` to a new file at `url`, without waiting for the disk as `Data.write` does (it
  /// calls `fsync`): a scratch file lives for one test.
  private static func write(_ text: String, to url: URL) throws {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    try FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).write(
      contentsOf: Data(text.utf8))
  }

  func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

  func run(_ arguments: String..., environment: [String: String] = [:]) throws -> WorkbookRun {
    try WorkbookRun(arguments, in: root, environment: environment)
  }

  /// Runs `workbook arguments` at a terminal where `typed` is typed.
  func run(_ arguments: String..., typing typed: String) throws -> WorkbookRun {
    try WorkbookRun(arguments, in: root, terminalInput: typed)
  }

  /// Remembers `status` as exercise `number`'s last verdict for the files it has now, as a
  /// check of the learner's own files does (`everChecked: nil` as an older runner did).
  func remember(_ status: String, of number: Int, everChecked: Bool? = true) throws {
    let workspace = Workspace(root: root)
    guard let exercise = Exercise.numbered(number) else { throw CocoaError(.fileNoSuchFile) }
    let files = try workspace.learnerFiles(of: exercise)
    try ProgressStore(workspace: workspace) { _ in }.update { state in
      state[number].status = status
      state[number].fingerprint = Workspace.fingerprint(files)
      state[number].everChecked = everChecked
    }
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}
