import Synchronization

/// Records every traced object's creation and release during one app run.
///
/// A registry is handed to the code that builds objects through the task-local
/// ``LifetimeRegistry/current``; each ``Lifetime`` token registers itself there when its owner is
/// created and reports its release from `deinit`, so the registry knows what is alive without
/// holding a single reference to it.
public final class LifetimeRegistry: Sendable {
  /// The registry that new ``Lifetime`` tokens register with; `nil` outside a traced run.
  @TaskLocal public static var current: LifetimeRegistry?

  /// One traced object, as it was registered.
  public struct Record: Sendable, Hashable {
    /// Position in creation order, from 0.
    public let index: Int
    /// `TypeName#n`: the n-th object of that type created in this run.
    public let id: String
    /// The unqualified type name.
    public let typeName: String
    /// The scope its type declares.
    public let scope: LifetimeScope
    /// The part it plays, as its type declares.
    public let role: Lifetime.Role
    /// Whether its scope holds exactly one of it at a time.
    public let onePerScope: Bool

    /// Whether this object is the screen that opens its scope (its scope lasts while it is shown).
    public var opensScope: Bool { role == .scopeScreen }
  }

  private struct State {
    var records: [Record] = []
    var countsByType: [String: Int] = [:]
    var alive: Set<Int> = []
    var created: [Int] = []
    var released: [Int] = []
  }

  private let state = Mutex(State())

  /// Creates an empty registry.
  public init() {}

  func register(
    typeName: String, scope: LifetimeScope, role: Lifetime.Role, onePerScope: Bool = false
  ) -> Record {
    state.withLock { state in
      let number = state.countsByType[typeName, default: 0] + 1
      state.countsByType[typeName] = number
      let record = Record(
        index: state.records.count, id: "\(typeName)#\(number)", typeName: typeName,
        scope: scope, role: role, onePerScope: onePerScope)
      state.records.append(record)
      state.alive.insert(record.index)
      state.created.append(record.index)
      return record
    }
  }

  func release(_ index: Int) {
    state.withLock { state in
      state.alive.remove(index)
      state.released.append(index)
    }
  }

  /// Every object registered so far, in creation order.
  public var records: [Record] { state.withLock { $0.records } }

  /// The objects not yet deinitialised, in creation order.
  public var alive: [Record] {
    state.withLock { state in state.alive.sorted().map { state.records[$0] } }
  }

  /// Whether the object registered at `index` is still alive.
  public func isAlive(_ index: Int) -> Bool { state.withLock { $0.alive.contains(index) } }

  /// What was created and released since the last call, each in creation order.
  public func takeEvents() -> (created: [Record], released: [Record]) {
    state.withLock { state in
      let created = state.created.sorted().map { state.records[$0] }
      let released = state.released.sorted().map { state.records[$0] }
      state.created.removeAll()
      state.released.removeAll()
      return (created, released)
    }
  }
}
