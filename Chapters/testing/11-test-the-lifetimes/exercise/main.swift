// Runs your tests: `swift run exercise11` against the real podcast app, `swift run exercise11
// --bug keeps-the-last-session` against a broken one, `swift run workbook check 11` against each
// in turn. You do not need to edit this file.
import KooberRules
import Podcasts
import Testing

let events = TestRunCommand.prepare(exercise: 11)
var arguments = __CommandLineArguments_v0()
if let events {
  arguments.eventStreamOutputPath = events
  #if compiler(>=6.3)  // `eventStreamSchemaVersion` came with Swift 6.3
    arguments.eventStreamSchemaVersion = "0"
  #else
    arguments.eventStreamVersion = 0
  #endif
}
let bug = TestRunCommand.plantedBug.flatMap(PodcastsBug.init(rawValue:))
let status = await PodcastsBug.$planted.withValue(bug) { [arguments] () async -> CInt in
  await __swiftPMEntryPoint(passing: arguments)
}
TestRunCommand.finish(exercise: 11, status: status)
