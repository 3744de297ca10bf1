import CommandLineKit
import KooberRules
import KooberStory
import ObjectTrace
import TracePictures

/// `workbook diff A B`: what chapter B changes against chapter A, step by step, as text or as
/// a page showing both (`html`).
struct DiffCommand: RunnerSubcommand {
  let output: RunnerOutput
  let first: Int
  let second: Int
  let html: Bool

  func run() -> Int32 {
    var traces: [Trace] = []
    // The command line has checked that both chapters exist.
    for entry in [first, second].compactMap(ChapterCatalog.entry) {
      do {
        guard let trace = try chapterTrace(entry) else { return 1 }
        traces.append(trace)
      } catch {
        complain(error: error)
        return 1
      }
    }
    let difference = ChapterDiff(before: traces[0], after: traces[1], texts: texts)
    say(
      html
        ? HTMLTraceRenderer(
          language: language, findingPages: ChapterCatalog.findingPages,
          style: ChapterCatalog.scopeStyle
        )
        .diffPage(traces[0], traces[1], summaries: difference.sections)
        : difference.text,
      trailingNewline: false)
    return finish(0)
  }
}

// MARK: - The command line

extension DiffCommand: RunnerCommand {
  static let name = "diff"
  /// What `--format` may ask for: the text of the changes, or a page.
  enum Format: String, CaseIterable, Sendable {
    case text, html
  }

  /// `--format text|html`.
  static let formatOption = TypedOption<Format>(name: "format", defaultValue: .text, help: "")
  static let options = [formatOption.declaration]
  static let maximumArguments = 2
  static let summary = Localized(
    en: """
        diff A B [--format html]
                                what chapter B changes against chapter A, step by step;
                                html: a page showing both side by side
      """,
    ko: """
        diff A B [--format html]
                                B장이 A장과 무엇이 다른지 단계별로 보기.
                                html: 두 장을 나란히 보여 주는 페이지
      """)
  static let usage = Localized(
    en: "usage: workbook diff A B [--format text|html] [--lang en|ko]\n\nBuilds chapters A "
      + "and B (1–\(ChapterCatalog.numbers.count)) and says, step by step, what B changes against A:\nobjects alive in only "
      + "one, stored references only in one or pointing elsewhere,\nholders that changed, "
      + "findings that appeared or went.\n\n--format html prints a page to open in a browser: "
      + "the two chapters side by side, step\nby step, what only one has marked "
      + "(`workbook diff 3 4 --format html > diff.html`).\n",
    ko:
      "사용법: workbook diff A B [--format text|html] [--lang en|ko]\n\nA장과 B장(1–\(ChapterCatalog.numbers.count))을 "
      + "빌드하고, B장이 A장과 무엇이 다른지 단계별로 알려 줍니다:\n한쪽에만 살아 있는 객체, "
      + "한쪽에만 있거나 다른 객체를 가리키게 된 저장된 참조,\n붙잡은 객체가 바뀐 곳, 새로 "
      + "생기거나 사라진 finding.\n\n--format html은 브라우저로 여는 페이지를 출력합니다. 두 장을 "
      + "단계별로 나란히 보여 주고\n한쪽에만 있는 것을 표시합니다"
      + "(`workbook diff 3 4 --format html --lang ko > diff.html`).\n")

  static func invalidValue(_ quoted: String, of option: String, texts: RunnerTexts) -> String? {
    texts.diffFormat(quoted)
  }

  static func request(_ parsed: ParsedOptions, texts: RunnerTexts) -> Result<
    any RunnerRequest, RunnerCommandLine.Problem
  > {
    let arguments = parsed.arguments
    let numbers = arguments.compactMap { Int($0) }.filter(ChapterCatalog.numbers.contains)
    guard arguments.count == 2, numbers.count == 2 else {
      return .failure(
        .init(
          message: arguments.count == 2
            ? texts.diffNotChapters(arguments.map { UsageError.quoted($0) })
            : texts.diffNeedsTwoChapters,
          command: name))
    }
    return .success(
      Request(first: numbers[0], second: numbers[1], html: parsed[formatOption] == .html))
  }

  /// `workbook diff A B [--format html]`.
  struct Request: RunnerRequest, Equatable {
    let first: Int
    let second: Int
    let html: Bool
    func subcommand(output: RunnerOutput) -> any RunnerSubcommand {
      DiffCommand(output: output, first: first, second: second, html: html)
    }
  }
}
