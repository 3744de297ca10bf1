import ChapterTestSupport
import Foundation
import KooberStory
import ObjectTrace
import Testing

@testable import Chapter6RuntimeContainer
@testable import KooberKit

/// `@Injected`, Factory's property wrapper, in chapter 6's container: resolved once, when its
/// object is made. In a long-lived object it keeps what it got, and the trace names the captive.
@Suite @MainActor struct InjectedTests {
  /// An app-wide object in Factory's style: it injects the signed-in session when it is made.
  @MainActor final class SessionBadge {
    let lifetime = Lifetime(of: SessionBadge.self)
    @Injected(UserSession.self) var session
  }

  /// An app-wide panel that shows the badge: its factory resolves the badge from the app
  /// container, a resolve inside the resolve that makes the panel.
  @MainActor final class SessionPanel {
    let badge: SessionBadge
    init(badge: SessionBadge) { self.badge = badge }
  }

  /// A long-lived object keeps the first session it injected: cached in the app container, made
  /// during a resolve that began in the first signed-in container, it keeps that session after
  /// sign-out, and the trace calls it a captive, in `session`: the property the code declares
  /// (the wrapper's storage is `_session`).
  @Test func anInjectedSessionInAnAppObjectIsACaptive() throws {
    let registry = LifetimeRegistry()
    let step = try LifetimeRegistry.$current.withValue(registry) {
      let app = Container()
      app.register(SessionBadge.self, scope: .container) { _ in SessionBadge() }
      do {
        let signedIn = Container(scope: .signedIn, parent: app)
        signedIn.register(UserSession.self, instance: AppDelegate.makeStandInSession())
        let badge = signedIn.resolve(SessionBadge.self)
        #expect(badge.session === signedIn.resolve(UserSession.self))
      }  // sign-out: the signed-in container and its session are let go
      var tracer = Tracer(registry: registry)
      tracer.record(step: "sign-out", screen: "-", roots: [Tracer.Root("appContainer", app)])
      return try #require(tracer.trace(chapter: 6, title: "t").steps.first)
    }
    #expect(
      step.findings.map { "\($0.kind) \($0.object): \($0.detail)" } == [
        """
        stale UserSession#1: alive after its signed-in scope ended; held by \
        SessionBadge#1.session (kept by appContainer.instances[SessionBadge].session) — and \
        it still holds a secret in memory
        """,
        """
        captive SessionBadge#1: app-scoped, keeps UserSession#1 (signed-in scope) in `session` \
        after that scope ended
        """,
      ])
    // The lesson's second page quotes the captive as this trace says it, in both languages.
    for lesson in ["in-practice/README.md", "in-practice/README.ko.md"] {
      let text = try String(
        contentsOf: Chapters.folder(6).appendingPathComponent(lesson), encoding: .utf8)
      let finding: String =
        step.findings.last.map { "\($0.kind) \($0.object): \($0.detail)" } ?? "-"
      #expect(text.contains("\n\(finding)\n"), "\(lesson)")
    }
  }

  /// `@Injected` resolves from the container the outermost resolve began in, not from the one a
  /// nested resolve runs in: the signed-in container resolves the panel, whose factory, in the
  /// app container, resolves the badge from there, and the badge still injects the signed-in
  /// session. Resolving from the nested resolve's container would look for the session in the
  /// app container, find none and stop the app: an exit test, since that stop ends the process.
  @Test func anInjectedSessionInANestedResolveComesFromWhereTheResolveBegan() async {
    await #expect(processExitsWith: .success) {
      await MainActor.run {
        let app = Container()
        app.register(SessionBadge.self, scope: .transient) { _ in SessionBadge() }
        app.register(SessionPanel.self, scope: .transient) { resolver in
          SessionPanel(badge: resolver.resolve(SessionBadge.self))
        }
        let signedIn = Container(scope: .signedIn, parent: app)
        let session = AppDelegate.makeStandInSession()
        signedIn.register(UserSession.self, instance: session)
        let panel = signedIn.resolve(SessionPanel.self)
        precondition(panel.badge.session === session, "the badge injected another session")
      }
    }
  }

  /// The same registration, verified: the app container's dry run makes the badge, whose
  /// `@Injected` finds no session in the app container, and the app stops at launch. With a
  /// container per scope, an app-scoped object cannot inject the session at all.
  @Test func verifyStopsAtTheInjectedSession() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          LifetimeRegistry.$current.withValue(LifetimeRegistry()) {
            let app = Container()
            app.register(SessionBadge.self, scope: .container) { _ in SessionBadge() }
            _ = app.verify()
          }
        }
      })
    let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(
      errors.contains(
        """
        verify(): SessionBadge's registration in Container#1 (app): no registration for \
        UserSession in Container#1 (app) or its parents
        """))
  }
}
