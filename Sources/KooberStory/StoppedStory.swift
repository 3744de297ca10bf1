import ObjectTrace

/// A story that stopped at a step, with the trace as far as it got: a chapter's command prints
/// the trace, then the error, so a mistake that stops the story is seen in the objects it built.
public struct StoppedStory: Error, CustomStringConvertible {
  /// Every step played, the failed one last, as the app was when it failed.
  public let trace: Trace
  /// Why the story stopped.
  public let failure: StoryError

  /// The failure's line.
  public var description: String { failure.description }

  /// A story stopped by `failure`, with `trace` as far as it got.
  public init(trace: Trace, failure: StoryError) {
    self.trace = trace
    self.failure = failure
  }
}

extension Story {
  /// Plays the story on a new app built by `chapter` and returns its trace.
  /// - Throws: ``StoppedStory``, with the trace so far, when the app does not do what the story
  ///   expects.
  public static func runKeepingTheTrace(_ chapter: Chapter) async throws -> Trace {
    let outcome = await play(chapter)
    if let failure = outcome.failure { throw StoppedStory(trace: outcome.trace, failure: failure) }
    return outcome.trace
  }
}
