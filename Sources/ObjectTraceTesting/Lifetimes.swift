import ObjectTrace
import Testing

/// What a test says about its objects' lifetimes, for the ``TrackLifetimes`` trait to check.
///
/// ```swift
/// @Test(.trackLifetimes) func signingOutReleasesTheSession() throws {
///   let app = App()
///   Lifetimes.root(app, named: "app")
///   app.signIn()
///   Lifetimes.expectReleased(try #require(app.session))
///   app.signOut()
///   Lifetimes.check()  // the session must be gone while the app lives
/// }
/// ```
///
/// Each object still alive when it should not be is an issue at the line that expected it,
/// naming the chain of strong references that keeps it (`app.container.session`), its captor
/// when a longer-lived object holds it, or the cycle that keeps it when no root does. Hand an
/// object over without keeping it in a variable of the test: the test's own variable would keep
/// it alive until the test returns.
public enum Lifetimes {
  /// Walks from `object` at each check, holding it until the test ends; then it must be
  /// released. `scope` is how long it lives, for telling captives (`.app` by default).
  public static func root(
    _ object: AnyObject, named name: String, scope: LifetimeScope = .app,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let tracking = tracking(for: "root(_:named:)", object, at: sourceLocation) else {
      return
    }
    tracking.remember(
      tracking.check.addRoot(object, named: name, scope: scope), at: sourceLocation)
  }

  /// Walks from `object`, a shared instance that outlives the test (`AppContainer.shared`): what
  /// it keeps is named as kept by a global, and it need not be released.
  public static func global(
    _ object: AnyObject, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let tracking = tracking(for: "global(_:named:)", object, at: sourceLocation) else {
      return
    }
    tracking.remember(
      tracking.check.addRoot(object, named: name, isGlobal: true), at: sourceLocation)
  }

  /// Expects `object` to be released by the next ``check(sourceLocation:)``, or by the end of
  /// the test. `scope` is how long it is meant to live, for telling a captive holder.
  public static func expectReleased(
    _ object: AnyObject, scope: LifetimeScope? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let tracking = tracking(for: "expectReleased(_:)", object, at: sourceLocation) else {
      return
    }
    tracking.remember(tracking.check.expectReleased(object, scope: scope), at: sourceLocation)
  }

  /// Says that `object` lives in `scope`: a holder in a longer-lived scope that keeps a
  /// shorter-lived object it should have let go is its captor.
  public static func expect(
    _ object: AnyObject, livesIn scope: LifetimeScope,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let tracking = tracking(for: "expect(_:livesIn:)", object, at: sourceLocation) else {
      return
    }
    tracking.check.expectScope(scope, of: object)
  }

  /// Checks now, with the roots held, each object expected released so far: one still alive is
  /// an issue. The trait checks again when the test ends, then lets go of the roots.
  public static func check(sourceLocation: SourceLocation = #_sourceLocation) {
    guard let tracking = LifetimeTracking.current else {
      Issue.record(Self.noTrait("check()"), sourceLocation: sourceLocation)
      return
    }
    tracking.record(tracking.check.check(), at: sourceLocation)
  }

  /// This test's tracking, or an issue that says why there is none; `nil` also for a value
  /// boxed as an object, which nothing holds.
  private static func tracking(
    for call: String, _ object: AnyObject, at location: SourceLocation
  ) -> LifetimeTracking? {
    guard let tracking = LifetimeTracking.current else {
      Issue.record(noTrait(call), sourceLocation: location)
      return nil
    }
    let typeName = _typeName(type(of: object), qualified: false)
    guard !typeName.contains("__SwiftValue") else {
      Issue.record(
        Comment(
          rawValue: "Lifetimes.\(call) needs an instance of a class; this is a value boxed as an "
            + "object, which nothing else holds"),
        sourceLocation: location)
      return nil
    }
    return tracking
  }

  private static func noTrait(_ call: String) -> Comment {
    Comment(
      rawValue: "Lifetimes.\(call) needs the .trackLifetimes trait on this test or its suite: "
        + "@Test(.trackLifetimes) or @Suite(.trackLifetimes)")
  }
}
