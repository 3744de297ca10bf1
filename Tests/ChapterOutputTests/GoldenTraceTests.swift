import ChapterTestSupport
import Foundation
import KooberKit
import KooberStory
import ObjectTrace
import Testing
import TracePictures

/// The chapters' golden files are exactly what the executables print; re-record them with
/// `bash .ci/record-goldens` and read the diff before committing.
@Suite struct GoldenTraceTests {
  @Test(arguments: Chapters.numbers)
  func textTraceMatchesGoldenFile(chapter: Int) throws {
    let run = try ExecutableRun.shared("chapter\(chapter)")
    #expect(run.status == 0)
    #expect(run.standardError.isEmpty)
    let golden = try String(
      contentsOf: Chapters.folder(chapter).appendingPathComponent("trace.txt"), encoding: .utf8)
    expectMatchesGolden(run.standardOutput, golden, named: "chapter \(chapter): trace.txt")
  }

  @Test(arguments: Chapters.numbers)
  func graphPictureMatchesGoldenFile(chapter: Int) throws {
    let run = try ExecutableRun.shared("chapter\(chapter)", ["--format", "mermaid"])
    #expect(run.status == 0)
    let golden = try String(
      contentsOf: Chapters.folder(chapter).appendingPathComponent("graph.md"), encoding: .utf8)
    expectMatchesGolden(run.standardOutput, golden, named: "chapter \(chapter): graph.md")
  }

  @Test(arguments: Chapters.numbers)
  func timelineMatchesGoldenFile(chapter: Int) throws {
    let run = try ExecutableRun.shared("chapter\(chapter)", ["--format", "timeline"])
    #expect(run.status == 0)
    let golden = try String(
      contentsOf: Chapters.folder(chapter).appendingPathComponent("timeline.md"), encoding: .utf8)
    expectMatchesGolden(run.standardOutput, golden, named: "chapter \(chapter): timeline.md")
  }

  @Test(arguments: Chapters.numbers)
  func explorerPageMatchesGoldenFile(chapter: Int) throws {
    let run = try ExecutableRun.shared("chapter\(chapter)", ["--format", "html"])
    #expect(run.status == 0)
    let golden = try String(
      contentsOf: Chapters.folder(chapter).appendingPathComponent("explorer.html"),
      encoding: .utf8)
    expectMatchesGolden(run.standardOutput, golden, named: "chapter \(chapter): explorer.html")
    // Opened from the file system by a learner, and small enough to mail to a class.
    #expect(run.standardOutput.utf8.count < 500_000)
  }

  /// The picture each lesson shows, in both languages: what `.ci/record-goldens` records, the
  /// step the catalog names (chapter 5: its profile preview).
  static func lessonPictures(_ chapter: Int) -> [(file: String, arguments: [String])] {
    Language.allCases.map { language in
      let suffix = language.documentSuffix
      guard let step = ChapterCatalog.entry(chapter)?.lessonStep else {
        return (
          "preview-profile\(suffix).svg",
          ["--preview", "profile", "--format", "svg", "--lang", language.code]
        )
      }
      return (
        "\(step.name)\(suffix).svg",
        ["--format", "svg", "--step", step.name, "--lang", language.code]
      )
    }
  }

  @Test(arguments: Chapters.numbers)
  func lessonPicturesMatchGoldenFiles(chapter: Int) throws {
    for picture in Self.lessonPictures(chapter) {
      let run = try ExecutableRun.shared("chapter\(chapter)", picture.arguments)
      #expect(run.status == 0)
      let golden = try String(
        contentsOf: Chapters.folder(chapter).appendingPathComponent(picture.file),
        encoding: .utf8)
      expectMatchesGolden(
        run.standardOutput, golden, named: "chapter \(chapter): \(picture.file)")
    }
  }

  @Test(arguments: Chapters.numbers)
  func eachLessonShowsItsPictureInItsLanguage(chapter: Int) throws {
    for (lesson, picture) in zip(["README.md", "README.ko.md"], Self.lessonPictures(chapter)) {
      let text = try String(
        contentsOf: Chapters.folder(chapter).appendingPathComponent(lesson), encoding: .utf8)
      #expect(text.contains("](\(picture.file))"), "\(lesson) does not show \(picture.file)")
    }
  }

  @Test(arguments: Chapters.numbers)
  func twoRunsAreByteIdentical(chapter: Int) throws {
    for format in TraceFormat.allCases.map(\.rawValue) {
      let first = try ExecutableRun.shared("chapter\(chapter)", ["--format", format])
      let second = try ExecutableRun("chapter\(chapter)", ["--format", format])
      #expect(first.status == 0)
      #expect(!first.standardOutput.isEmpty)
      #expect(first.standardOutput == second.standardOutput, "\(format) differs between runs")
    }
  }

  @Test(arguments: Chapters.numbers)
  func noSecretAppearsInAnyFormat(chapter: Int) throws {
    for format in TraceFormat.allCases.map(\.rawValue) {
      let output = try ExecutableRun.shared("chapter\(chapter)", ["--format", format])
        .standardOutput
      #expect(!output.contains(FakeAuthRemoteAPI.sessionToken))
      #expect(!output.contains(Story.Credentials.wrongPassword))
      #expect(!output.contains("\"\(Story.Credentials.password)\""))
      #expect(!output.contains("= \(Story.Credentials.password)"))
    }
    let text = try ExecutableRun.shared("chapter\(chapter)").standardOutput
    #expect(text.contains("token: ‹redacted›"))
  }
}
