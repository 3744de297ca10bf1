// Runs your tests: `swift run exercise9` against the real SignInViewModel, `swift run exercise9
// --bug shows-no-error` against a broken one, `swift run workbook check 9` against each in turn.
// You do not need to edit this file.
import KooberRules
import Testing

let events = TestRunCommand.prepare(exercise: 9)
var arguments = __CommandLineArguments_v0()
if let events {
  arguments.eventStreamOutputPath = events
  #if compiler(>=6.3)  // `eventStreamSchemaVersion` came with Swift 6.3
    arguments.eventStreamSchemaVersion = "0"
  #else
    arguments.eventStreamVersion = 0
  #endif
}
TestRunCommand.finish(exercise: 9, status: await __swiftPMEntryPoint(passing: arguments))
