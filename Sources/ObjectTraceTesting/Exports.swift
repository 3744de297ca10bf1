/// A test target that imports `ObjectTraceTesting` gets the tracer too: `LifetimeScope`,
/// `Lifetime` and `LifetimeCheck` need no second import.
@_exported import ObjectTrace
