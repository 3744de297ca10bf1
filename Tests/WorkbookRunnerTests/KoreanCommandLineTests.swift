import Foundation
import KooberRules
import Testing

@testable import WorkbookRunner

/// With `--lang ko` the runner's own lines are Korean: the table of texts is wired into every
/// learner command (what each text says is checked in `KoreanOutputTests`).
@Suite struct KoreanCommandLineTests {
  @Test(arguments: [
    (["list"], "다음 할 일: 과제(Chapters/01-on-demand/TASK.ko.md)를 읽고"),
    (["hint", "4"], "다음 힌트가 더 있습니다: `swift run workbook hint 4 --lang ko`"),
    (["reset", "4"], "연습 문제 4번을 시작 코드로 되돌렸습니다."),
    (["solution", "4", "--yes"], "연습 문제 4 · KooberSignedInDependencyContainer 작성하기 — 정답("),
    (["reset", "--all"], "다음 할 일: `swift run workbook list --lang ko`로 어디서 시작할지"),
    (
      ["check"],
      "workbook: 오류: check에는 연습 문제 번호(1–\(WorkbookCommandLineTests.last))가 필요합니다"
    ),
    (["frobnicate"], "workbook: 오류: 알 수 없는 명령입니다: 'frobnicate'"),
  ])
  func aCommandSpeaksKorean(arguments: [String], line: String) throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let run = try WorkbookRun(
      arguments + ["--lang", "ko"], in: scratch.root, environment: ["LANG": "C"])
    let output = run.standardOutput + run.standardError
    #expect(output.contains(line), "\(output)")
    for english in ["Next:", "error:", "Reset exercise", "the solution", "usage:"] {
      #expect(!output.contains(english), "\(english) in \(output)")
    }
  }

  @Test func theWorkbooksOwnErrorsSpeakKoreanToo() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    try FileManager.default.removeItem(at: scratch.url("Chapters/04-container-hierarchy/exercise"))
    let run = try WorkbookRun(["check", "4", "--lang", "ko"], in: scratch.root)
    #expect(run.status == 1)
    #expect(
      run.standardError.contains(
        """
        workbook: 오류: Chapters/04-container-hierarchy/exercise 폴더가 없습니다. \
        `swift run workbook reset 4 --lang ko`로 시작 코드를 되살리세요
        """))
  }

  @Test func koreanComesFromTheLocaleToo() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let run = try scratch.run("list", environment: ["LANG": "ko_KR.UTF-8"])
    #expect(run.standardOutput.hasPrefix("Koober DI 워크북 — 연습 문제"))
  }
}
