// A copy of Sources/Chapter7AmbientDependencies/Dependency.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import Bilingual

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
    read(
      by: Localized(
        en: "a @Dependency(\(Key.name)) local", ko: "@Dependency(\(Key.name)) 지역 변수"))
  }

  /// `Key`'s value, read by a property of `owner`: Swift calls this for a property of a class,
  /// so that a key read where no scope set it names the class that read it.
  public static subscript<Owner: AnyObject>(
    _enclosingInstance owner: Owner, wrapped wrapped: KeyPath<Owner, Key.Value>,
    storage storage: KeyPath<Owner, Self>
  ) -> Key.Value {
    owner[keyPath: storage].read(
      by: Localized(
        en: "a @Dependency(\(Key.name)) property of \(Owner.self)",
        ko: "\(Owner.self)의 @Dependency(\(Key.name)) 프로퍼티"))
  }

  /// `Key`'s value, for `reader`, named if no value is found.
  func read(by reader: Localized) -> Key.Value {
    captured.merging(DependencyValues.current).value(Key.self, readBy: reader)
  }
}
