// A copy of Sources/Chapter7AmbientDependencies/LiveValues.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import ObjectTrace

/// The live values an app has read so far, each made once, at its first read: swift-dependencies
/// keeps them per process, in `CachedValues` (`DependencyValues.swift:133`, `:472` at 1.17.1);
/// this chapter keeps one per app, so that two stories in one process (the tests) share none.
///
/// It is what keeps the app scope's objects: the trace lists what it holds, as it lists a
/// container's.
@MainActor public final class LiveValues {
  let lifetime: Lifetime?
  /// Each key's live value, by the key's name, once read.
  private(set) var values: [String: any Sendable] = [:]

  /// An empty cache for one app: no live value is made before it is read.
  public nonisolated init() { lifetime = Lifetime(of: LiveValues.self, role: .container) }

  /// The process's own, read by a task no app's scope has set: untraced, as it belongs to no
  /// story (it is made the first time any task reads it).
  nonisolated static let ofTheProcess = LiveValues(traced: false)

  private nonisolated init(traced: Bool) { lifetime = nil }

  /// `Key`'s live value: the one made at its first read, or `nil` when the key has none.
  func value<Key: DependencyKey>(for key: Key.Type) -> Key.Value? {
    if let cached = values[Key.name] as? Key.Value { return cached }
    guard let made = Key.liveValue() else { return nil }
    values[Key.name] = made
    return made
  }
}
