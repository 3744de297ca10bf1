import ChapterTestSupport
import CommandLineKit
import Foundation
import Testing
import WorkbookRunner

/// A chapter whose standard output or error cannot be written ends with a non-zero status and,
/// where standard error still works, one line — never a crash dump.
@Suite struct OutputFailureTests {
  /// Runs `chapterN arguments` with its output streams as given; returns the status and what
  /// reached standard error, when that was a pipe.
  static func run(
    _ chapter: Int, _ arguments: [String], output: Any, error: Any? = nil
  ) throws -> (status: Int32, errors: String) {
    let process = Process()
    process.executableURL = try ExecutableRun.location(of: "chapter\(chapter)")
    process.arguments = arguments
    process.standardOutput = output
    let errorPipe = Pipe()
    process.standardError = error ?? errorPipe
    let ending = try process.start()
    let errors =
      error == nil
      ? String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
    ending.wait()
    return (process.terminationStatus, errors)
  }

  @Test(arguments: [1, 2, 3, 4, 5])
  func aFullDiskIsOneLineAndStatus1(chapter: Int) throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let result = try Self.run(chapter, [], output: full)
    #expect(result.status == 1)
    #expect(result.errors == "chapter\(chapter): error: cannot write to standard output\n")
  }

  @Test(arguments: [1, 5])
  func aClosedPipeIsOneLineAndStatus1(chapter: Int) throws {
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()  // nobody will ever read
    let result = try Self.run(chapter, ["--format", "json"], output: pipe)
    #expect(result.status == 1)
    #expect(result.errors == "chapter\(chapter): error: cannot write to standard output\n")
  }

  @Test func helpToAFullDiskIsStatus1() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    #expect(try Self.run(1, ["--help"], output: full).status == 1)
  }

  @Test func aUsageErrorWithNoStandardErrorStillExits2() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let result = try Self.run(2, ["--nope"], output: FileHandle.nullDevice, error: full)
    #expect(result.status == 2)
  }
}
