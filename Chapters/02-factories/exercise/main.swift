// Runs exercise 2's check on this folder's composition: `swift run workbook check 2` builds and
// runs it for you. You do not need to edit this file.
import KooberRules
import KooberStory

await ExerciseCheck.main(
  exercise: 2, chapter: .factories,
  extraRules: [.factoriesAreStateless(KooberObjectFactories(), named: "KooberObjectFactories")])
