// Runs exercise 6's check on this folder's composition: `swift run workbook check 6` builds and
// runs it for you. You do not need to edit this file.
import KooberRules
import KooberStory

await ExerciseCheck.main(exercise: 6, chapter: .containerHierarchy)
