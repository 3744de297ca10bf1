import ObjectTrace

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What one chapter's composition costs to run, measured in this process: `chapterN --cost`
/// prints it as JSON, and `workbook cost` puts the chapters side by side. The one output of the
/// workbook that holds times, which differ from run to run and machine to machine.
public struct ChapterCost: Codable, Equatable, Sendable {
  /// The chapter's number.
  public let chapter: Int
  /// The objects the story creates, from launch to quit.
  public let objects: Int
  /// How many times the composition resolved an object at run time over one story (a runtime
  /// container's `resolve`), or `nil` where objects are made by direct calls.
  public let resolves: Int?
  /// How many times the launch graph was built for ``launchNanoseconds``.
  public let runs: Int
  /// The median time to build the launch graph (the app object), in nanoseconds.
  public let launchNanoseconds: Int
  /// The time to play the whole story, traced, once: the first story of the process (a chapter
  /// with globals cannot play a second one where the first left off), in nanoseconds.
  public let storyNanoseconds: Int

  /// A measurement of chapter `chapter`.
  public init(
    chapter: Int, objects: Int, resolves: Int?, runs: Int, launchNanoseconds: Int,
    storyNanoseconds: Int
  ) {
    self.chapter = chapter
    self.objects = objects
    self.resolves = resolves
    self.runs = runs
    self.launchNanoseconds = launchNanoseconds
    self.storyNanoseconds = storyNanoseconds
  }

  /// Plays `chapter`'s story once and builds its launch graph `runs` times; `resolves` says how
  /// many resolves the composition has done so far (read before and after the story).
  @MainActor public static func measure(
    _ chapter: Chapter, runs: Int, resolves: (@MainActor () -> Int)? = nil
  ) async throws -> ChapterCost {
    let clock = ContinuousClock()
    let before = resolves?()
    var trace: Trace?
    let story = try await clock.measure { trace = try await Story.run(chapter) }
    let resolved = resolves.map { $0() - (before ?? 0) }
    var launches: [Duration] = []
    for _ in 0..<runs {
      launches.append(clock.measure { _ = chapter.makeApp() })
    }
    return ChapterCost(
      chapter: chapter.number, objects: trace?.objects.count ?? 0, resolves: resolved, runs: runs,
      launchNanoseconds: nanoseconds(median(launches)), storyNanoseconds: nanoseconds(story))
  }

  /// The middle of `durations` (zero when there are none).
  static func median(_ durations: [Duration]) -> Duration {
    let sorted = durations.sorted()
    return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
  }

  /// `duration` in whole nanoseconds.
  static func nanoseconds(_ duration: Duration) -> Int {
    Int(duration.components.seconds) * 1_000_000_000
      + Int(duration.components.attoseconds / 1_000_000_000)
  }
}
