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
        ? HTMLTraceRenderer(language: language, findingPages: ChapterCatalog.findingPages).diffPage(
          traces[0], traces[1], summaries: difference.sections)
        : difference.text,
      trailingNewline: false)
    return finish(0)
  }
}
