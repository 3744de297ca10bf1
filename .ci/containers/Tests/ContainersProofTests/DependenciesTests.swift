import Dependencies
import ObjectTraceTesting
import Testing

/// swift-dependencies 1.17.1: `@Dependency` captures the dependency values current when the
/// object that declares it is made (`Sources/Dependencies/Dependency.swift`, `initialValues`),
/// so a model made inside `withDependencies` keeps that scope's overrides after the scope ends
/// (swift-dependencies #289). The trace names where they live.
@Suite(.trackLifetimes) struct DependenciesTests {
  final class APIClient: Sendable {
    let name: String
    init(name: String) { self.name = name }
  }

  enum APIClientKey: DependencyKey {
    static let liveValue = APIClient(name: "live")
  }

  final class FeatureModel {
    @Dependency(\.api) var api
  }

  @Test func aModelMadeInsideWithDependenciesKeepsItsOverride() throws {
    let model = withDependencies {
      $0.api = APIClient(name: "stub")
    } operation: {
      FeatureModel()
    }
    Lifetimes.root(model, named: "model")
    #expect(model.api.name == "stub")
    Lifetimes.expectReleased(model.api)
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      // `@Dependency` keeps the values of its scope in `initialValues`, a dictionary keyed by
      // the keys' type identifiers (shown `?`: an identity has no text of its own).
      (issue.error as? LifetimeCheck.Problem)?.message
        == "APIClient#1 is still alive; held by FeatureModel#1.api.initialValues.storage[?] "
        + "(kept by model.api.initialValues.storage[?])"
    }
  }
}

extension DependencyValues {
  var api: DependenciesTests.APIClient {
    get { self[DependenciesTests.APIClientKey.self] }
    set { self[DependenciesTests.APIClientKey.self] = newValue }
  }
}
