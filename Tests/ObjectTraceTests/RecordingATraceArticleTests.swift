import Foundation
import Testing
import TracePictures

@testable import ObjectTrace

// MARK: - The article's types, as it shows them

extension LifetimeScope {
  static let reader = LifetimeScope(name: "reader", depth: 1)
}

final class ReaderScreen {
  let lifetime = Lifetime(of: ReaderScreen.self, scope: .reader, role: .scopeScreen)
  let session: ReaderSession
  init(session: ReaderSession) { self.session = session }
}

final class ReaderSession {
  let lifetime = Lifetime(of: ReaderSession.self, scope: .reader)
}

final class LibraryApp {
  let lifetime = Lifetime(of: LibraryApp.self)
  var screen: ReaderScreen?
  var lastSession: ReaderSession?  // the mistake: the app keeps the reader's session
}

/// ObjectTrace's article "Recording a trace of your own run" (`RecordingATrace.md`, en and ko):
/// its code is this file's, and its run says what the article says it does.
@Suite struct RecordingATraceArticleTests {
  static let articles = [
    "Sources/ObjectTrace/ObjectTrace.docc/RecordingATrace.md",
    "Documentation/ko/ObjectTrace.docc/RecordingATrace.md",
  ]

  /// The package's root: this file is `Tests/ObjectTraceTests/…`.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every Swift block of the article but the manifest's is a run of this file's lines.
  @Test(arguments: articles)
  func theArticlesCodeIsThisFiles(_ article: String) throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent(article), encoding: .utf8)
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
      .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let blocks = text.matches(of: /```swift\n((?s).*?)```/).map { String($0.output.1) }
      .filter { !$0.hasPrefix(".target(") }
    #expect(blocks.count == 2)
    for block in blocks {
      let lines = block.components(separatedBy: "\n").map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty }
      let found = source.indices.contains { start in
        Array(source[start...].filter { !$0.isEmpty }.prefix(lines.count)) == lines
      }
      #expect(found, "\(article): a block not in this file: \(lines.first ?? "")")
    }
  }

  /// The run the article shows: at sign-out the app still keeps the reader's session.
  @Test func theRunFindsTheSessionTheAppKept() throws {
    let registry = LifetimeRegistry()
    let trace = LifetimeRegistry.$current.withValue(registry) {
      var tracer = Tracer(registry: registry)
      let app = LibraryApp()
      app.screen = ReaderScreen(session: ReaderSession())
      app.lastSession = app.screen?.session
      tracer.record(step: "sign-in", screen: "Reader", roots: [Tracer.Root("app", app)])
      app.screen = nil
      tracer.record(step: "sign-out", screen: "Home", roots: [Tracer.Root("app", app)])
      return tracer.trace(title: "Library")
    }
    #expect(trace.steps[0].findings.isEmpty)
    let findings = trace.steps[1].findings.map { "\($0.kind) \($0.object): \($0.detail)" }
    #expect(findings.first == Self.staleFinding, "\(findings)")
    #expect(trace.steps[1].findings.contains { $0.kind == .captive && $0.object == "LibraryApp#1" })
    let mermaid = TraceFormat.mermaid.render(trace)
    #expect(mermaid.contains("classDef reader fill:"))
    #expect(!mermaid.contains("onboarding"))
  }

  /// What the article quotes of the `sign-out` step.
  static let staleFinding =
    """
    stale ReaderSession#1: alive after its reader scope ended; held by \
    LibraryApp#1.lastSession (kept by app.lastSession)
    """
}
