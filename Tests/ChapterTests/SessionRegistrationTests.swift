import ChapterTestSupport
import Foundation
import KooberStory
import ObjectTrace
import Testing

@testable import Chapter6RuntimeContainer
@testable import KooberKit

/// A session registered in a long-lived container, two ways. With `register(_:instance:)` the
/// container's cache holds it; in a closure, `{ _ in session }`, the closure holds it. The walk
/// reads the closure's captures, so the trace names the holder both times.
@Suite @MainActor struct SessionRegistrationTests {
  /// The trace at sign-out of an app container that `registering` gave a session to.
  static func signOut(registering: (Container, UserSession) -> Void) throws -> Trace.Step {
    let registry = LifetimeRegistry()
    return try LifetimeRegistry.$current.withValue(registry) {
      let app = Container()
      registering(app, AppDelegate.makeStandInSession())
      var tracer = Tracer(registry: registry)
      tracer.record(step: "sign-out", screen: "-", roots: [Tracer.Root("appContainer", app)])
      return try #require(tracer.trace(chapter: 6, title: "t").steps.first)
    }
  }

  /// What the trace says of the stale session, as the lesson's second page quotes it.
  static func staleSession(in step: Trace.Step) -> String? {
    step.findings.first { $0.kind == .stale && $0.object == "UserSession#1" }
      .map { "\($0.kind) \($0.object): \($0.detail)" }
  }

  @Test func aSessionInARegistrationsClosureIsHeldByThatClosure() throws {
    let step = try Self.signOut { app, session in
      app.register(UserSession.self) { _ in session }
    }
    let stale = try #require(Self.staleSession(in: step))
    #expect(
      stale
        == """
        stale UserSession#1: alive after its signed-in scope ended; held by the closure in \
        Container#1.registrations[UserSession][.graph] (kept by \
        appContainer.registrations[UserSession][.graph]) — and it still holds a secret in memory
        """
    )
    try Self.expectQuoted(stale)
  }

  @Test func aSessionRegisteredAsAnInstanceIsHeldByTheCacheTheTraceNames() throws {
    let step = try Self.signOut { app, session in
      app.register(UserSession.self, instance: session)
    }
    let stale = try #require(Self.staleSession(in: step))
    #expect(
      stale
        == """
        stale UserSession#1: alive after its signed-in scope ended; held by \
        Container#1.instances[UserSession] (kept by appContainer.instances[UserSession]) — \
        and it still holds a secret in memory
        """)
    try Self.expectQuoted(stale)
  }

  /// The lesson's second page quotes `line` as the trace says it, in both languages.
  static func expectQuoted(_ line: String) throws {
    for lesson in ["in-practice/README.md", "in-practice/README.ko.md"] {
      let text = try String(
        contentsOf: Chapters.folder(6).appendingPathComponent(lesson), encoding: .utf8)
      #expect(text.contains("\n" + line + "\n"), "\(lesson)")
    }
  }
}
