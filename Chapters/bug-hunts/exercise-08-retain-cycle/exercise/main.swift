// Runs exercise 8's check on this folder's composition: `swift run workbook check 8` builds and
// runs it for you. You do not need to edit this file.
import KooberRules
import KooberStory

await ExerciseCheck.main(exercise: 8, chapter: .containerHierarchy)
