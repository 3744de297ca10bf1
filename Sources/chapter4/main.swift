import Chapter4ContainerHierarchy
import CommandLineKit
import KooberStory

// chapter4: plays the Koober story on chapter 4's composition and prints its trace.
exitProcess(
  await ChapterCommand.main(
    command: "chapter4",
    summary: "Plays the Koober story on chapter 4's composition and prints the objects it built.",
    cost: (.containerHierarchy, nil)
  ) { _ in
    try await Story.run(.containerHierarchy)
  })
