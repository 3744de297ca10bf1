import Chapter5ProtocolDI
import CommandLineKit
import KooberCloud
import KooberStory

// chapter5: plays the Koober story with the implementations chosen at the composition root, or
// previews one screen built alone with fakes.
exitProcess(
  await ChapterCommand.main(
    command: "chapter5",
    summary: "Plays the Koober story on chapter 5's composition (protocol DI) and prints the "
      + "objects it built;\nwith --preview, builds one screen alone with fakes instead.",
    extraOptions: Chapter5CommandLine.extraOptions,
    exclusive: Chapter5CommandLine.exclusive,
    cost: (.protocolDI(services: .forServer(.fake)), nil)
  ) { options in
    if let preview = options[Chapter5CommandLine.previewOption] {
      return KooberPreviews.trace(of: preview)
    }
    switch options[Chapter5CommandLine.serverOption] ?? .named(.fake) {
    case .local:
      // The stub lives exactly as long as the story: started here, stopped after quit.
      let stub = try KooberStubServer.start()
      defer { stub.stop() }
      return try await Story.run(.protocolDI(services: .cloud(at: stub.url)))
    case .named(let server):
      return try await Story.run(.protocolDI(services: .forServer(server)))
    }
  })
