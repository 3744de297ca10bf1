// Runs your tests: `swift run exercise9` against the real SignInViewModel, `swift run exercise9
// --bug shows-no-error` against a broken one, `swift run workbook check 9` against each in turn.
// You do not need to edit this file.
import LearnerTestRun

await runLearnerTests(.signInForm)
