import Chapter6RuntimeContainer
import CommandLineKit
import KooberStory

// chapter6: plays the Koober story on chapter 6's composition and prints its trace; with
// --mistake wrong-scope, on the composition with the signed-in view model registered in the app
// container. (The other mistake, a missing registration, stops the app: `workbook check 10`
// shows it, step and message, after you delete a registration in exercise 10.)
let resolves = Container.ResolveCounter()
exitProcess(
  await Container.$resolveCounter.withValue(resolves) {
    await ChapterCommand.main(
      command: "chapter6",
      summary: "Plays the Koober story on chapter 6's composition (a runtime container) and "
        + "prints the objects it built;\nwith --mistake, on the composition with that mistake.",
      extraOptions: Chapter6CommandLine.extraOptions,
      cost: (.runtimeContainer, { resolves.count })
    ) { options in
      let mistake = options["mistake"].flatMap(ContainerMistake.init(rawValue:))
      return try await Story.run(
        mistake.map(Chapter.runtimeContainer(with:)) ?? .runtimeContainer)
    }
  })
