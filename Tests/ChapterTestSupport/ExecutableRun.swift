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
  ///
  /// The language is English unless `environment` says otherwise: this process's `LANG`,
  /// `LC_ALL` and `WORKBOOK_LANG` are left out, and a Korean learner's tests expect what
  /// everyone's do.
  package init(
    _ name: String, _ arguments: [String] = [], in folder: URL? = nil,
    environment: [String: String] = [:], standardInput: FileHandle? = nil
  ) throws {
    try self.init(
      executable: try Self.location(of: name), arguments, in: folder, environment: environment,
      standardInput: standardInput)
  }

  /// Runs a command of the toolchain or the system, `command` (`["swift", "package", …]`,
  /// `["git", …]`), found on the `PATH` as a learner's shell finds it, in the same way.
  package init(
    command: [String], in folder: URL? = nil, environment: [String: String] = [:]
  ) throws {
    try self.init(
      executable: URL(fileURLWithPath: "/usr/bin/env"), command, in: folder,
      environment: environment, standardInput: nil)
  }

  private init(
    executable: URL, _ arguments: [String], in folder: URL?, environment: [String: String],
    standardInput: FileHandle?
  ) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    var inherited = ProcessInfo.processInfo.environment
    for name in ["LC_ALL", "LANG", "WORKBOOK_LANG"] { inherited[name] = nil }
    inherited["LANG"] = "C"
    process.environment = inherited.merging(environment) { $1 }
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

  /// The command `name` (`dot`, `chromium`) in the first folder of the `PATH` that has it, as a
  /// shell finds it; `nil` when none does.
  package static func onThePath(_ name: String) -> URL? {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
      .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// The built executable `name`, in the folder that holds the test bundle: `swift test` and
  /// Xcode build the package's products into the same folder as the bundle they test.
  ///
  /// The bundle's path is read from the loaded image, never from `argv[0]`: on macOS the tests
  /// run inside a host, `swiftpm-testing-helper` for `swift test` and `xctest` for ⌘U, each in
  /// a folder of the toolchain's.
  package static func location(of name: String) throws -> URL {
    let candidate = productsFolder?.appendingPathComponent(name)
    if let candidate, FileManager.default.isExecutableFile(atPath: candidate.path) {
      return candidate
    }
    #if !os(Linux)
      // Xcode could load the test code from a framework of its own: then beside the `.xctest`
      // it loaded. (On Linux the tests are the program itself, and CoreFoundation's list of
      // bundles is never freed: LeakSanitizer reports it.)
      for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
        let beside = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
      }
    #endif
    let looked = candidate?.path ?? name
    throw CocoaError(
      .fileNoSuchFile,
      userInfo: [
        NSFilePathErrorKey: looked,
        NSLocalizedDescriptionKey:
          "\(name) is not built beside the tests (\(looked)): run `swift build` first "
          + "(in Xcode, build the KooberDIWorkbook-Package scheme, ⌘B, before ⌘U)",
      ])
  }

  /// The folder the tests' image is in, read once: it does not move while the tests run.
  private static let productsFolder = imageHoldingTheTests().map(productsFolder(forTestImage:))

  /// The products' folder for the test image at `image`: the folder that holds the `.xctest`
  /// bundle (`…/debug/X.xctest/Contents/MacOS/X` on macOS, `…/debug/X.xctest` on Linux), or the
  /// image's own folder when no `.xctest` is on its path.
  package static func productsFolder(forTestImage image: URL) -> URL {
    var folder = image
    while folder.pathComponents.count > 1 {
      if folder.pathExtension == "xctest" { return folder.deletingLastPathComponent() }
      folder = folder.deletingLastPathComponent()
    }
    return image.deletingLastPathComponent()
  }

  /// The file of the loaded image that holds this code: the test bundle.
  ///
  /// On Linux the tests are the main program, and glibc's `dladdr` names the main program by
  /// `argv[0]`; `/proc/self/exe` names the file itself. On macOS the test bundle is loaded into
  /// its host, and `dladdr` names the bundle's binary.
  private static func imageHoldingTheTests() -> URL? {
    #if os(Linux)
      guard
        let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      else { return nil }
      return URL(fileURLWithPath: path)
    #else
      let marker: @convention(c) () -> Void = {}
      var info = Dl_info()
      guard dladdr(unsafeBitCast(marker, to: UnsafeRawPointer.self), &info) != 0,
        let name = info.dli_fname
      else { return nil }
      return URL(fileURLWithPath: String(cString: name)).resolvingSymlinksInPath()
    #endif
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
