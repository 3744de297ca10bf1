// Runs exercise 13's check on this folder's registrations: `swift run workbook check 13` builds
// and runs it for you. You do not need to edit this file.
import KooberRules
import KooberStory

await ExerciseCheck.main(
  exercise: 13, chapter: .runtimeContainer(steps: StoryStep.withRides),
  extraRules: Rule.pickMeUp)
