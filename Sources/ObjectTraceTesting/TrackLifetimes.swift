import ObjectTrace
import Testing

/// A trait that checks, when each test ends, the lifetimes the test declared with
/// ``Lifetimes``: on a test, `@Test(.trackLifetimes)`; on a suite, every test in it.
///
/// Each test gets its own check and its own `LifetimeRegistry` (objects with a `Lifetime`
/// token made in it are named there), so tests running in parallel never see each other's
/// objects. When the test returns (or throws), the trait checks once more with the roots held,
/// then lets go of them: a root still alive is kept by no root. Every problem is an issue at the
/// line that declared the expectation, and the graph of that moment is attached as Mermaid
/// (`swift test --attachments-path FOLDER` saves it).
public struct TrackLifetimes: TestTrait, SuiteTrait, TestScoping {
  /// The most objects one walk visits; a walk stopped there says so in its message.
  public let objectLimit: Int

  /// Every test of a suite gets its own check.
  public var isRecursive: Bool { true }

  /// Runs the test with its own check and registry, then checks what it declared and lets go
  /// of its roots, recording each problem as an issue.
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let tracking = LifetimeTracking(objectLimit: objectLimit)
    let ending = test.sourceLocation
    do {
      try await LifetimeTracking.$current.withValue(tracking) {
        try await LifetimeRegistry.$current.withValue(tracking.check.registry) {
          try await function()
        }
      }
    } catch {
      await Self.finish(tracking, at: ending)
      throw error
    }
    await Self.finish(tracking, at: ending)
  }

  /// The last look, on the main actor: an app's objects are most often the main actor's, and
  /// the walk reads them.
  private static func finish(_ tracking: LifetimeTracking, at location: SourceLocation) async {
    await MainActor.run { tracking.record(tracking.check.finish(), at: location) }
  }
}

extension Trait where Self == TrackLifetimes {
  /// Checks the lifetimes the test declares with ``Lifetimes`` when it ends; walks visit at most
  /// `LifetimeCheck.defaultObjectLimit` (100,000) objects.
  public static var trackLifetimes: Self {
    TrackLifetimes(objectLimit: LifetimeCheck.defaultObjectLimit)
  }

  /// Checks the lifetimes the test declares with ``Lifetimes`` when it ends; walks visit at most
  /// `objectLimit` objects.
  public static func trackLifetimes(objectLimit: Int) -> Self {
    TrackLifetimes(objectLimit: objectLimit)
  }
}
