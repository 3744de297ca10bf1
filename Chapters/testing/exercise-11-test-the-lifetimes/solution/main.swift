// Runs your tests: `swift run exercise11` against the real podcast app, `swift run exercise11
// --bug keeps-the-last-session` against a broken one, `swift run workbook check 11` against each
// in turn. You do not need to edit this file.
import LearnerTestRun

await runLearnerTests(.podcastApp)
