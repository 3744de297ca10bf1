// Runs exercise 4's check on this folder's composition: `swift run workbook check 4` builds and
// runs it for you. You do not need to edit this file.
import KooberRules
import KooberStory

await ExerciseCheck.main(exercise: 4, chapter: .containerHierarchy)
