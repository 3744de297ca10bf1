import ChapterTestSupport
import Foundation
import KooberRules
import Testing
import WorkbookRunner

/// The grader's run that TEACHING.md gives, on a fresh copy of this workbook where every
/// exercise is still its starter, in a stripped environment (no `LANG`: Korean by the flag): no
/// points anywhere, a Korean job summary with a row per exercise, and Exercism results that say
/// it failed.
///
/// The copy has a build folder of its own: a `workbook check` here would wait for the lock of
/// the build `swift test` is running from. It builds cold (about a minute), so the suite runs only
/// with `KOOBER_SLOW_TESTS=1`, as `.ci/run`'s plain run sets.
@Suite(.enabled(if: SlowTests.wanted, SlowTests.howToRun))
struct FreshCloneGradingTests {
  /// A copy of the files git tracks, as a clone has them (the exercises' starters, the links in
  /// the `solution/` folders), in a folder of this test's own.
  static func freshCopy() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("koober-fresh-clone-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let copied = try ExecutableRun(
      command: [
        "sh", "-c",
        "git -C \"$1\" ls-files -z | tar --null -T - -C \"$1\" -cf - | tar -x -C \"$2\"",
        "copy", Chapters.packageRoot.path, folder.path,
      ])
    #expect(copied.status == 0, "\(copied.standardError)")
    return folder
  }

  /// `workbook arguments` in `folder`, built there, with only `PATH` and `HOME` set as
  /// TEACHING.md's grader runs it (and warnings as errors, as CI builds). Its temporary files
  /// (SwiftPM's locks among them) go in the copy's own `tmp`, which goes with the copy.
  static func workbook(_ arguments: [String], in folder: URL) throws -> ExecutableRun {
    let environment = ProcessInfo.processInfo.environment
    let temporary = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    return try ExecutableRun(
      command: [
        "env", "-i", "PATH=\(environment["PATH"] ?? "")", "HOME=\(environment["HOME"] ?? "")",
        "TMPDIR=\(temporary.path)", "KOOBER_WARNINGS_AS_ERRORS=1", "swift", "run", "-q",
        "workbook",
      ] + arguments, in: folder)
  }

  @Test func everyStarterScoresNothingInKoreanAndItsReportsSaySo() throws {
    let folder = try Self.freshCopy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let count = Exercise.all.count

    // The grade: no points anywhere, each starter's TODO in Korean.
    let graded = try Self.workbook(["check", "--all", "--json", "--lang", "ko"], in: folder)
    #expect(graded.status == 1)
    let report = try JSONDecoder().decode(
      GraderReport.self, from: Data(graded.standardOutput.utf8))
    #expect(report.exercises.count == count)
    #expect(report.points == 0)
    #expect(report.maxPoints == 10 * count)
    #expect(report.exercises.allSatisfy { $0.points == 0 })
    #expect(report.language == .korean)
    let first = try #require(report.exercises.first)
    #expect(first.message?.contains("로그인 후 뷰 모델, 프로필 화면, 로그인 후 화면들을 만드세요") == true)

    // The job summary: Korean, a row per exercise.
    let file = folder.appendingPathComponent("grade.json")
    try graded.standardOutput.write(to: file, atomically: true, encoding: .utf8)
    let summary = try Self.workbook(["report", file.path], in: folder)
    #expect(summary.status == 0, "\(summary.standardError)")
    #expect(summary.standardOutput.hasPrefix("## Koober DI 워크북: \(10 * count)점 중 0점\n"))
    #expect(summary.standardOutput.components(separatedBy: "| 0 / 10 |").count - 1 == count)

    // The Exercism results: version 3, failed.
    let exercism = try Self.workbook(["report", file.path, "--format", "exercism"], in: folder)
    #expect(exercism.status == 0, "\(exercism.standardError)")
    let results = try JSONDecoder().decode(
      ExercismResults.self, from: Data(exercism.standardOutput.utf8))
    #expect(results.version == 3)
    #expect(results.status == .fail)
    #expect(Set(results.tests.map(\.task_id)).count == count, "a task per exercise")
  }
}
