import Bilingual
import CommandLineKit
import Foundation
import KooberRules
import KooberStory
import ObjectTrace

/// One of `workbook`'s subcommands, read from the command line once: it runs, speaks through
/// the shared ``RunnerOutput``, and returns the exit status.
protocol RunnerSubcommand {
  var output: RunnerOutput { get }
  func run() -> Int32
}

extension RunnerSubcommand {
  var texts: RunnerTexts { output.texts }
  var language: Language { output.language }
  var workspace: Workspace { output.workspace }
  var store: ProgressStore { output.store }
  var builder: ExerciseBuild { output.builder }

  func say(_ text: String) { output.say(text) }
  func say(_ text: String, trailingNewline: Bool) {
    output.say(text, trailingNewline: trailingNewline)
  }
  func complain(error text: String) { output.complain(error: text) }
  func complain(error: any Error) { output.complain(error: error) }
  func finish(_ status: Int32) -> Int32 { output.finish(status) }

  @discardableResult
  func record<Result>(_ change: (inout ProgressState) -> Result) -> Result? {
    output.record(change)
  }
}

// MARK: - The chapters' executables

extension RunnerSubcommand {
  /// Builds chapter `entry`'s executable; on failure says so, with the compiler's errors, and
  /// returns `false`.
  func buildChapter(_ entry: ChapterCatalog.Entry) throws -> Bool {
    let build = try builder.runBuild(["--product", entry.executable])
    guard build.status != 0 else { return true }
    complain(error: texts.chapterDoesNotBuild(entry.number))
    for error in ExerciseBuild.compilerErrors(
      in: build.output + build.errors, folder: workspace.url("Sources").path,
      relativeTo: workspace.root.path)
    {
      StandardStream.error.write(error + "\n")
    }
    return false
  }

  /// Runs chapter `entry`'s built executable with `arguments` and decodes what it prints; on
  /// failure says so and returns `nil`.
  func runChapter<Value: Decodable>(
    _ entry: ChapterCatalog.Entry, _ arguments: [String], as _: Value.Type,
    limit: TimeInterval = 60
  ) throws -> Value? {
    let run = try Subprocess.run(
      [workspace.binary(entry.executable).path] + arguments,
      in: workspace.root, limit: limit)
    guard let value = try? JSONDecoder().decode(Value.self, from: Data(run.output.utf8)) else {
      complain(error: texts.chapterPrintedNoTrace(entry.number, run.status))
      return nil
    }
    return value
  }

  /// Builds chapter `entry` and returns the trace it prints, or `nil` after saying why not.
  func chapterTrace(_ entry: ChapterCatalog.Entry) throws -> Trace? {
    guard try buildChapter(entry) else { return nil }
    return try runChapter(entry, ["--format", "json"], as: Trace.self)
  }
}
