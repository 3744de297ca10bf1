// Runs exercise 7's check on this folder's composition: `swift run workbook check 7` builds and
// runs it for you. You do not need to edit this file.
import KooberRules
import KooberStory

await ExerciseCheck.main(exercise: 7, chapter: .containerHierarchy)
