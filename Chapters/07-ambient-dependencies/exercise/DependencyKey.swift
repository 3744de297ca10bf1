// A copy of Sources/Chapter7AmbientDependencies/DependencyKey.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
/// A key into the ambient ``DependencyValues``: the type of value it names, and the live value an
/// app gets when nothing overrides it — swift-dependencies' `DependencyKey`, in this chapter's
/// own small code.
///
/// A key with no live value (the session: there is none at launch) leaves ``liveValue()`` out,
/// and reading it where no scope has set it stops the app, naming the key and the reader.
@MainActor public protocol DependencyKey {
  /// What the key names.
  associatedtype Value: Sendable

  /// The value an app gets when no scope overrides the key: made the first time it is read,
  /// then kept in the app's ``LiveValues`` for the rest of its run. `nil` when the key has none.
  static func liveValue() -> Value?
}

extension DependencyKey {
  /// The key's name in the trace and in messages: its type's.
  nonisolated static var name: String { String(describing: Self.self) }

  /// No live value: only a scope's override gives one.
  public static func liveValue() -> Value? { nil }
}
