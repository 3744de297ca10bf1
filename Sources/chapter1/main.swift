import Chapter1OnDemand
import CommandLineKit
import KooberStory

// chapter1: plays the Koober story on chapter 1's composition and prints its trace.
exitProcess(
  await ChapterCommand.main(
    command: "chapter1",
    summary: "Plays the Koober story on chapter 1's composition and prints the objects it built.",
    cost: (.onDemand, nil)
  ) { _ in
    try await Story.run(.onDemand)
  })
