// A copy of Sources/Chapter6RuntimeContainer/Container+Workbook.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import ObjectTrace

// What only the workbook adds to the container: the book's Koober has no runtime container, and
// Swinject's has none of this. The resolve counter (`chapter6 --cost`), the trace's name for a
// container, and how the trace prints a registration. Nothing here changes what a resolve makes.

extension Container {
  /// Counts the resolves made while it is the task's ``resolveCounter`` (a child passing a
  /// resolve on to its parent is not counted again): what `chapter6 --cost` counts.
  @MainActor public final class ResolveCounter {
    /// The resolves counted so far.
    public private(set) var count = 0

    /// A counter at zero.
    public init() {}

    func add() { count += 1 }
  }

  /// The counter of the resolves this task makes, if it set one: a task-local, so that two
  /// stories played at once (two tests) never count each other's resolves.
  @TaskLocal public static var resolveCounter: ResolveCounter?

  /// The container the outermost resolve running now began in: what ``Injected`` resolves from.
  @TaskLocal static var resolvingFrom: Container?
}

extension Container: CustomStringConvertible {
  /// `Container#2 (signed-in)`: the id the trace gives it, and its scope.
  public nonisolated var description: String {
    "\(lifetime.record?.id ?? "Container") (\(lifetime.record?.scope.name ?? "untraced"))"
  }
}

extension Container.Registration: CustomReflectable {
  /// Its factory under its scope word, as one entry (`[.container]`): what the trace prints, so
  /// that a wrong word is seen beside its type before any step goes wrong
  /// (`registrations[SignedInViewModel][.container]: ƒ …`).
  var customMirror: Mirror {
    Mirror(
      self,
      children: [
        (label: nil, value: ("." + scope.rawValue + (isOverride ? ", overridden" : ""), make))
      ],
      displayStyle: .dictionary)
  }
}
