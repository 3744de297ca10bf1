// Runs exercise 12's check on this folder's composition: `swift run workbook check 12` builds
// and runs it for you. You do not need to edit this file.
import KooberRules
import KooberStory

await ExerciseCheck.main(
  exercise: 12,
  chapter: Chapter(
    number: 4, title: "Container hierarchy, with ride requests", makeApp: { AppDelegate() },
    steps: StoryStep.withRides),
  extraRules: Rule.pickMeUp)
