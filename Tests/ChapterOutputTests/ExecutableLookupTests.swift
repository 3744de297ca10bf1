import ChapterTestSupport
import Foundation
import Testing

/// The tests find the built programs beside the test bundle, whatever process hosts it: on
/// Linux the bundle is the program itself; on macOS `swift test` loads it into
/// `swiftpm-testing-helper` and Xcode into `xctest`, both in folders of the toolchain's.
@Suite struct ExecutableLookupTests {
  @Test(arguments: [
    (
      """
      /w/.build/arm64-apple-macosx/debug/KooberDIWorkbookPackageTests.xctest/Contents/MacOS/\
      KooberDIWorkbookPackageTests
      """,
      "/w/.build/arm64-apple-macosx/debug"
    ),
    (
      """
      /Users/l/Library/Developer/Xcode/DerivedData/KooberDIWorkbook-a/Build/Products/Debug/\
      KooberDIWorkbookPackageTests.xctest/Contents/MacOS/KooberDIWorkbookPackageTests
      """,
      "/Users/l/Library/Developer/Xcode/DerivedData/KooberDIWorkbook-a/Build/Products/Debug"
    ),
    (
      "/w/.build/x86_64-unknown-linux-gnu/debug/KooberDIWorkbookPackageTests.xctest",
      "/w/.build/x86_64-unknown-linux-gnu/debug"
    ),
  ])
  func theProductsAreTheFolderThatHoldsTheBundle(image: String, products: String) {
    let folder = ExecutableRun.productsFolder(forTestImage: URL(fileURLWithPath: image))
    #expect(folder.path == products)
  }

  #if os(Linux)
    /// This test binary run again as `swift test` on macOS runs the tests: `argv[0]` is
    /// `swiftpm-testing-helper`'s path, far from the built products. The probe below, run
    /// there, finds `chapter1` (before the lookup read the bundle's path, it looked beside
    /// `argv[0]` and failed).
    @Test func theHostsPathPlaysNoPart() throws {
      let run = try Self.runThisBinary(
        as: "/usr/libexec/swift/pm/swiftpm-testing-helper",
        arguments: [
          "--testing-library", "swift-testing",
          "--filter", "ExecutableLookupTests/probeFindsChapterOne",
        ])
      #expect(run.status == 0, "\(run.output)")
      #expect(run.output.contains("Test run with 1 test in 1 suite passed"))
    }

    /// Runs this process's own file with `argv[0]` set to `hostPath`,
    /// with the probe enabled; returns its exit status and what it printed on standard output and error.
    static func runThisBinary(
      as hostPath: String, arguments: [String]
    ) throws -> (status: Int32, output: String) {
      let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      let pipe = Pipe()
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      let writer = pipe.fileHandleForWriting.fileDescriptor
      posix_spawn_file_actions_adddup2(&actions, writer, 1)
      posix_spawn_file_actions_adddup2(&actions, writer, 2)
      let environment =
        ProcessInfo.processInfo.environment.map { "\($0)=\($1)" } + ["KOOBER_LOOKUP_PROBE=1"]
      let argv = ([hostPath] + arguments).map { strdup($0) } + [nil]
      let envp = environment.map { strdup($0) } + [nil]
      defer { (argv + envp).forEach { free($0) } }
      var child = pid_t()
      let spawned = posix_spawn(&child, binary, &actions, nil, argv, envp)
      try pipe.fileHandleForWriting.close()
      guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
      let output = String(
        decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      var status: Int32 = 0
      waitpid(child, &status, 0)
      // WIFEXITED and WEXITSTATUS: the low seven bits are a signal's number, or 0 on exit.
      return (status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
    }
  #endif

  /// Runs only inside `theHostsPathPlaysNoPart`'s run of this binary.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["KOOBER_LOOKUP_PROBE"] == "1"))
  func probeFindsChapterOne() throws {
    _ = try ExecutableRun.location(of: "chapter1")
  }

  @Test func aProgramNotBuiltIsNamedWithTheCommandThatBuildsIt() {
    #expect {
      try ExecutableRun.location(of: "chapter99")
    } throws: { error in
      let message = (error as NSError).localizedDescription
      return message.hasPrefix("chapter99 is not built beside the tests (")
        && message.contains("run `swift build` first")
    }
  }
}
