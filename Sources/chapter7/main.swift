import Chapter7AmbientDependencies
import CommandLineKit
import KooberStory

// chapter7: plays the Koober story on chapter 7's composition (ambient, task-local dependency
// values) and prints its trace; with --mistake NAME, on the composition with that mistake.
exitProcess(
  await ChapterCommand.main(
    command: "chapter7",
    summary: "Plays the Koober story on chapter 7's composition (ambient dependencies) and "
      + "prints the objects it built;\nwith --mistake, on the composition with that mistake.",
    extraOptions: Chapter7CommandLine.extraOptions,
    cost: (.ambientDependencies, nil)
  ) { options in
    guard let mistake = options[Chapter7CommandLine.mistakeOption] else {
      return try await Story.run(.ambientDependencies)
    }
    // A mistake that stops the story prints the trace as far as it got, then why it stopped,
    // saying that the stop is the mistake's.
    do {
      return try await Story.runKeepingTheTrace(.ambientDependencies(with: mistake))
    } catch let stopped as StoppedStory {
      throw StoppedStory(
        trace: stopped.trace,
        failure: StoryError(
          description: "\(stopped.failure) — this is what --mistake \(mistake.rawValue) does; "
            + "the findings above say why"))
    }
  })
