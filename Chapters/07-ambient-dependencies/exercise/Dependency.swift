/// A stored property that reads one key of the ambient ``DependencyValues``: swift-dependencies'
/// `@Dependency`, which captures every value current when its object is made
/// (`Dependency.swift:73` at 1.17.1) and reads the key from them under whatever is current when it
/// is read (`:183`).
///
/// So an object keeps the whole set of values of the scope that made it, not only its key's: a
/// screen made while the session was set keeps the session, whatever key it reads. The trace
/// shows them inside the property: `userSession.captured.storage[UserSessionKey]`.
@MainActor @propertyWrapper public struct Dependency<Key: DependencyKey> {
  /// The values current when the object that stores this property was made.
  let captured: DependencyValues

  /// Captures the values current now, to read `key` from later.
  public init(_ key: Key.Type) {
    captured = DependencyValues.current
  }

  /// `Key`'s value: from the captured values, under any the caller's scope overrides.
  public var wrappedValue: Key.Value {
    captured.merging(DependencyValues.current).value(Key.self, readBy: "@Dependency(\(Key.name))")
  }
}
