import Chapter3SingleContainer
import CommandLineKit
import KooberStory

// chapter3: plays the Koober story on chapter 3's composition and prints its trace.
exitProcess(
  await ChapterCommand.main(
    command: "chapter3",
    summary: "Plays the Koober story on chapter 3's composition and prints the objects it built.",
    cost: (.singleContainer, nil)
  ) { _ in
    try await Story.run(.singleContainer)
  })
