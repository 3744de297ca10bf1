// Runs exercise 10's check on this folder's registrations: `swift run workbook check 10` builds
// and runs it for you. You do not need to edit this file.
import KooberRules
import KooberStory

await ExerciseCheck.main(exercise: 10, chapter: .runtimeContainer)
