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
    /// Whether it stores a ``Lifetime`` token. An untraced object of the workbook's or the
    /// learner's own types is registered when a walk first meets it: its scope is
    /// ``LifetimeScope/untraced``, "created" means first seen, and its release is seen at the
    /// next look after it (through a weak reference the registry keeps).
    public var isTraced = true

    /// Whether this object is the screen that opens its scope (its scope lasts while it is shown).
    public var opensScope: Bool { role == .scopeScreen }
  }

  private struct State {
    var records: [Record] = []
    /// Untraced objects by identity: their record's index, and a weak reference that tells
    /// whether that object (and not a later one at the same address) is still alive.
    var untraced: [ObjectIdentifier: UntracedEntry] = [:]
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

  /// The record of an untraced object a walk met: the one it got when first met, or a new one.
  func identify(_ object: AnyObject, typeName: String, role: Lifetime.Role) -> Record {
    state.withLock { state in
      let identity = ObjectIdentifier(object)
      if let known = state.untraced[identity] {
        if known.object === object { return state.records[known.index] }
        // A new object where a released one lived.
        Self.sweep(&state)
      }
      let number = state.countsByType[typeName, default: 0] + 1
      state.countsByType[typeName] = number
      var record = Record(
        index: state.records.count, id: typeName + "#" + String(number), typeName: typeName,
        scope: .untraced, role: role, onePerScope: false)
      record.isTraced = false
      state.records.append(record)
      state.alive.insert(record.index)
      state.created.append(record.index)
      state.untraced[identity] = UntracedEntry(index: record.index, object: object)
      return record
    }
  }

  /// Marks every untraced object whose weak reference is gone as released.
  private static func sweep(_ state: inout State) {
    for (identity, entry) in state.untraced where entry.object == nil {
      state.untraced[identity] = nil
      state.alive.remove(entry.index)
      state.released.append(entry.index)
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
    state.withLock { state in
      Self.sweep(&state)
      return state.alive.sorted().map { state.records[$0] }
    }
  }

  /// What was created and released since the last call, each in creation order.
  public func takeEvents() -> (created: [Record], released: [Record]) {
    state.withLock { state in
      Self.sweep(&state)
      let created = state.created.sorted().map { state.records[$0] }
      let released = state.released.sorted().map { state.records[$0] }
      state.created.removeAll()
      state.released.removeAll()
      return (created, released)
    }
  }
}

/// An untraced object's record number and a weak reference to it, stored in place (one heap
/// allocation fewer per object than a ``WeakObject``).
struct UntracedEntry: @unchecked Sendable {
  let index: Int
  weak var object: AnyObject?
}

/// A weak reference the registry keeps to an untraced object: it never keeps the object alive.
final class WeakObject: @unchecked Sendable {
  // Written once, in `init`; the runtime loads a weak reference atomically.
  weak var object: AnyObject?

  init(_ object: AnyObject) { self.object = object }
}
