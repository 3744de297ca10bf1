// Runs your tests: `swift run exercise16` against chapter 7's real signed-in scope, `swift run
// exercise16 --bug keeps-every-session` against a broken one, `swift run workbook check 16`
// against each in turn. You do not need to edit this file.
import LearnerTestRun

await runLearnerTests(.signedInScope)
