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
    let mistake = options[Chapter7CommandLine.mistakeOption]
    // A mistake that stops the story prints the trace as far as it got, then why it stopped.
    return try await Story.runKeepingTheTrace(
      mistake.map { Chapter.ambientDependencies(with: $0) } ?? .ambientDependencies)
  })
