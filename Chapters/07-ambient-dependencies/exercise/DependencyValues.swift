// A copy of Sources/Chapter7AmbientDependencies/DependencyValues.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import Bilingual

/// The dependencies in reach of the code running now: a task-local value, as swift-dependencies'
/// `DependencyValues._current` is (`DependencyValues.swift:122` at 1.17.1).
///
/// A scope overrides some keys for what runs inside it (``withDependencies(_:operation:)``), and
/// anything not overridden is read from the app's ``LiveValues``. Nothing here is global but the
/// default, the values a task has when no one has set any.
public struct DependencyValues: Sendable {
  /// The values current in this task: what a ``Dependency`` property captures when its object is
  /// made. A task no scope has set reads the process's own live values, as swift-dependencies'
  /// do: code that lost the app's values (an escaping closure, a detached task) gets other
  /// objects than the app's, and no error.
  @TaskLocal public static var current = DependencyValues(live: LiveValues.ofTheProcess)

  /// Where keys nobody overrides are read from: the app's live values.
  public var live: LiveValues
  /// The keys overridden by the scopes around this point, by name.
  private(set) var storage: [String: any Sendable] = [:]

  /// Values with nothing overridden, reading live values from `live`.
  public init(live: LiveValues) { self.live = live }

  /// `Key`'s value: a scope's override, else its live value.
  ///
  /// With neither — the session read where no sign-in has set it — the app stops, naming the
  /// key and `reader`, in the workbook's language.
  @MainActor public func value<Key: DependencyKey>(
    _ key: Key.Type, readBy reader: Localized, file: StaticString = #fileID, line: UInt = #line
  ) -> Key.Value {
    if let overridden = storage[Key.name] as? Key.Value { return overridden }
    guard let value = live.value(for: key) else {
      let problem = Localized(
        en: "\(Key.name) read by \(reader.en) where no scope has set it, and it has no live "
          + "value: set it in a scope, and make what reads it inside",
        ko: "어느 스코프도 설정하지 않은 곳에서 \(reader.ko, .subject) \(Key.name) 값을 읽었는데, "
          + "이 키에는 라이브 값도 없다: 스코프에서 설정하고, 그 값을 읽는 것은 그 안에서 만들어야 한다")
      preconditionFailure(problem.text(in: .current), file: file, line: line)
    }
    return value
  }

  /// Overrides `Key` with `value` for whatever these values are current for.
  public mutating func set<Key: DependencyKey>(_ key: Key.Type, to value: Key.Value) {
    storage[Key.name] = value
  }

  /// These values, with `other`'s overrides on top: what a ``Dependency`` property reads, its
  /// captured values under the current ones (swift-dependencies' `merging`,
  /// `DependencyValues.swift:409`).
  func merging(_ other: DependencyValues) -> DependencyValues {
    var values = self
    values.storage.merge(other.storage) { _, current in current }
    return values
  }
}
