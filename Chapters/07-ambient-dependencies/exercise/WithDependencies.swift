// A copy of Sources/Chapter7AmbientDependencies/WithDependencies.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
/// Runs `operation` with the current dependency values changed by `update`: whatever it makes
/// captures them, and keeps them after it returns (swift-dependencies' `withDependencies`,
/// `WithDependencies.swift:143` at 1.17.1).
@MainActor public func withDependencies<Result>(
  _ update: (inout DependencyValues) -> Void, operation: () throws -> Result
) rethrows -> Result {
  var values = DependencyValues.current
  update(&values)
  return try DependencyValues.$current.withValue(values, operation: operation)
}

/// Gives `operation` the current values to carry into an escaping closure: a closure that runs
/// later runs in the task current then, whose values are not these (swift-dependencies'
/// `withEscapedDependencies`, `WithDependencies.swift:544`).
@MainActor public func withEscapedDependencies<Result>(
  _ operation: (EscapedDependencies) throws -> Result
) rethrows -> Result {
  try operation(EscapedDependencies(values: DependencyValues.current))
}

/// Dependency values carried out of their scope, to run code with them later.
public struct EscapedDependencies: Sendable {
  /// The values current where they were escaped.
  let values: DependencyValues

  /// Runs `operation` with the carried values current.
  @MainActor public func yield<Result>(_ operation: () throws -> Result) rethrows -> Result {
    try DependencyValues.$current.withValue(values, operation: operation)
  }
}
