import Chapter6RuntimeContainer
import CommandLineKit
import KooberStory

// chapter6: plays the Koober story on chapter 6's composition and prints its trace; with
// --mistake wrong-scope, on the composition with the signed-in view model registered in the app
// container, which verify() refuses at launch (`--verify off` plays it). (The other mistake, a
// missing registration, stops the app at launch: `workbook check 10` shows it, step and message,
// after you delete a registration in exercise 10.)
let resolves = Container.ResolveCounter()
exitProcess(
  await Container.$resolveCounter.withValue(resolves) {
    await ChapterCommand.main(
      command: "chapter6",
      summary: "Plays the Koober story on chapter 6's composition (a runtime container) and "
        + "prints the objects it built;\nwith --mistake, on the composition with that mistake.",
      extraOptions: Chapter6CommandLine.extraOptions,
      // The composition's own cost: verify()'s dry run, once at launch, is not the launch graph.
      cost: (.runtimeContainer(verifying: false), { resolves.count })
    ) { options in
      let mistake = options[Chapter6CommandLine.mistakeOption]
      let verifying = (options[Chapter6CommandLine.verifyOption] ?? .on) == .on
      if let mistake, verifying {
        let problems = mistake.verification
        if !problems.isEmpty {
          throw VerificationRefusal(
            problems: problems, nextStep: "`--verify off` plays the story with them")
        }
      }
      return try await Story.run(
        mistake.map { Chapter.runtimeContainer(with: $0, verifying: verifying) }
          ?? .runtimeContainer(verifying: verifying))
    }
  })
