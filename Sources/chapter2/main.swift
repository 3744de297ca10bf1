import Chapter2Factories
import CommandLineKit
import KooberStory

// chapter2: plays the Koober story on chapter 2's composition and prints its trace.
exitProcess(
  await ChapterCommand.main(
    command: "chapter2",
    summary: "Plays the Koober story on chapter 2's composition and prints the objects it built.",
    cost: (.factories, nil)
  ) { _ in
    try await Story.run(.factories)
  })
