import ChapterTestSupport
import CommandLineKit
import Foundation
import Testing
import WorkbookRunner

/// A chapter whose standard output or error cannot be written ends with a non-zero status and,
/// where standard error still works, one line — never a crash dump.
///
/// A full disk is Linux's `/dev/full`; macOS has no such device, and there a pipe nobody reads
/// is the failed write every test below can make.
@Suite struct OutputFailureTests {
  /// Whether this system has a device whose every write fails with "no space left".
  static let hasFullDevice = FileManager.default.fileExists(atPath: "/dev/full")

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

  @Test(.enabled(if: hasFullDevice), arguments: Chapters.numbers)
  func aFullDiskIsOneLineAndStatus1(chapter: Int) throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let result = try Self.run(chapter, [], output: full)
    #expect(result.status == 1)
    #expect(result.errors == "chapter\(chapter): error: cannot write to standard output\n")
  }

  @Test(arguments: Chapters.numbers)
  func aClosedPipeIsOneLineAndStatus1(chapter: Int) throws {
    let result = try Self.run(chapter, ["--format", "json"], output: Self.unreadPipe())
    #expect(result.status == 1)
    #expect(result.errors == "chapter\(chapter): error: cannot write to standard output\n")
  }

  @Test(.enabled(if: hasFullDevice)) func helpToAFullDiskIsStatus1() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    #expect(try Self.run(1, ["--help"], output: full).status == 1)
  }

  @Test(.enabled(if: hasFullDevice)) func aUsageErrorWithNoStandardErrorStillExits2() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let result = try Self.run(2, ["--nope"], output: FileHandle.nullDevice, error: full)
    #expect(result.status == 2)
  }

  @Test func helpToAClosedPipeIsStatus1() throws {
    #expect(try Self.run(1, ["--help"], output: Self.unreadPipe()).status == 1)
  }

  @Test func aUsageErrorWithAClosedStandardErrorStillExits2() throws {
    let result = try Self.run(
      2, ["--nope"], output: FileHandle.nullDevice, error: Self.unreadPipe())
    #expect(result.status == 2)
  }

  /// A pipe whose reading end is already closed: every write to it fails.
  static func unreadPipe() throws -> Pipe {
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    return pipe
  }
}
