import Chapter7AmbientDependencies
import Testing

/// Chapter 7's dependency values for one test, or for each test of a suite: new live values, with
/// `update`'s overrides, current for the test's task and whatever it makes, and for no other
/// test, however many run at once. DependenciesTestSupport's `.dependencies { … }` and
/// FactoryTesting's `.container` have this shape: a trait that scopes the test with
/// `TestScoping`, setting a task-local value around it.
package struct DependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  let update: @MainActor @Sendable (inout DependencyValues) -> Void

  /// On a suite, it scopes each of its tests, each with values of its own.
  package var isRecursive: Bool { true }

  package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite runs its tests, each scoped by the trait on its own; only a test gets values.
    guard testCase != nil else { return try await function() }
    let values = await MainActor.run {
      var values = DependencyValues(live: LiveValues())
      update(&values)
      return values
    }
    try await DependencyValues.$current.withValue(values) { try await function() }
  }
}

extension Trait where Self == DependenciesTrait {
  /// New live values for the test, with `update`'s overrides: `.dependencies { $0.set(…) }`.
  package static func dependencies(
    _ update: @escaping @MainActor @Sendable (inout DependencyValues) -> Void = { _ in }
  ) -> Self {
    DependenciesTrait(update: update)
  }
}
