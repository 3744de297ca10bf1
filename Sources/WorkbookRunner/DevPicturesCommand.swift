import KooberStory
import ObjectTrace
import TracePictures

/// `workbook dev pictures`: for maintainers, how well each chapter's pictures read, step by
/// step — the arrows that run across a card they do not join, and the pairs of arrows that cross
/// (``PictureReading``). `PictureReadingTests` keeps them from growing.
struct DevPicturesCommand: RunnerSubcommand {
  let output: RunnerOutput

  func run() -> Int32 {
    say(
      "arrows across cards / arrows crossing, per step ("
        + StoryStep.chapters.map(\.name).joined(separator: ", ")
        + ")")
    for entry in ChapterCatalog.all {
      do {
        guard let trace = try chapterTrace(entry) else { return 1 }
        let layout = TraceLayout([trace], style: ChapterCatalog.scopeStyle)
        let readings = trace.steps.map { PictureReading(step: $0, layout: layout) }
        let cells = readings.map { "\($0.arrowCardOverlaps)/\($0.crossings)" }
        let overlaps = readings.map(\.arrowCardOverlaps).reduce(0, +)
        let crossings = readings.map(\.crossings).reduce(0, +)
        say(
          entry.executable.padding(toLength: 10, withPad: " ", startingAt: 0)
            + cells.map { $0.padding(toLength: 7, withPad: " ", startingAt: 0) }.joined()
            + "total \(overlaps)/\(crossings)")
      } catch {
        complain(error: error)
        return 1
      }
    }
    return finish(0)
  }
}

extension DevPicturesCommand {
  /// `workbook dev pictures`: declared with `dev check`.
  struct Request: RunnerRequest, Equatable {
    func subcommand(output: RunnerOutput) -> any RunnerSubcommand {
      DevPicturesCommand(output: output)
    }
  }
}
