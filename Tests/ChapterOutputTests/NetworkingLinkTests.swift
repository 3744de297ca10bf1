import ChapterTestSupport
import Foundation
import KooberStory
import Testing

/// Only a chapter that talks HTTP links the networking stack: on Linux, full Foundation,
/// FoundationNetworking and curl, which the others leave out (FoundationEssentials only), so
/// that `swift run chapter1` starts without them.
@Suite struct NetworkingLinkTests {
  #if os(Linux)
    /// The libraries the built chapter loads, as `ldd` lists them.
    static func linked(_ executable: String) throws -> String {
      let run = try ExecutableRun(
        command: ["ldd", try ExecutableRun.location(of: executable).path])
      try #require(run.status == 0, "ldd failed: \(run.standardError)")
      return run.standardOutput
    }

    @Test(
      .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd")),
      arguments: ChapterCatalog.numbers)
    func onlyAChapterThatTalksHTTPLinksTheNetworkingStack(_ number: Int) throws {
      let entry = try #require(ChapterCatalog.all.first { $0.number == number })
      let libraries = try Self.linked(entry.executable)
      #expect(libraries.contains("libFoundationEssentials.so"))
      for library in ["libFoundationNetworking.so", "libcurl.so", "libFoundation.so"] {
        #expect(
          libraries.contains(library) == entry.talksHTTP,
          "\(entry.executable) \(entry.talksHTTP ? "does not link" : "links") \(library)")
      }
    }
  #endif
}
