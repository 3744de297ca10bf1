import Synchronization

/// Whether the objects a test made were released, and if not, what keeps each one alive.
///
/// A check holds its roots (the objects the test owns, such as its `app`) strongly and the
/// objects that must be released weakly, so it never keeps one alive itself.
///
/// - ``check()`` looks now, with the roots held: an object that must be released and is still
///   alive is named with the chain of strong references that keeps it from a root
///   (`app.container.session`), and its holder as a captive when it lives longer; one that no
///   root reaches is kept by a cycle (named when one runs through it), a closure or a global.
/// - ``finish()`` checks, then lets go of the roots: a root still alive then is kept the same way.
///
/// Plain classes need nothing: the walk reads their stored properties. An object that stores a
/// ``Lifetime`` token brings its scope; ``expectScope(_:of:)`` gives one to any object.
public final class LifetimeCheck: Sendable {
  /// One thing found wrong, in the trace's vocabulary.
  public struct Problem: Sendable, Hashable {
    /// The expectation it breaks: what ``addRoot(_:named:scope:isGlobal:)`` or
    /// ``expectReleased(_:scope:)`` returned.
    public let expectation: Int
    /// The object's id, `TypeName#n`.
    public let object: String
    /// `stale` (alive after it should have been released, kept from a root), `captive` (kept so
    /// by a longer-lived holder) or `leak` (alive, and no root holds it).
    public let kind: Trace.Finding.Kind
    /// One sentence: the object, what keeps it alive, and how.
    public let message: String
  }

  /// The most objects the picture of a look shows whole; a larger graph is shown by the chains
  /// that explain its problems.
  public static let pictureLimit = 200

  /// What a look found: the problems, and, when there are any, the graph of that moment (past
  /// ``pictureLimit`` objects, only the chains from the roots to the problems' objects and their
  /// direct holders).
  ///
  /// A problem is an `Error` whose description is its message, so that a test framework shows
  /// it as it shows any failure (the Swift Testing trait records it so).
  public struct Report: Sendable {
    /// Every problem, in the order the expectations were made.
    public let problems: [Problem]
    /// The objects the roots reached when a look found a problem, as a trace of one step whose
    /// findings are the problems; a trace of no step when the look found none (no walk then).
    public let trace: Trace
  }

  /// An object that must be released.
  private struct Expected {
    let object: WeakObject
    let expectation: Int
  }

  /// An object the walk starts from. A test's objects need not be `Sendable`: the check only
  /// holds them, and reads them when the test asks it to, on the test's own task.
  private struct Root: @unchecked Sendable {
    let object: AnyObject
    let name: String
    let scope: LifetimeScope
    let isGlobal: Bool
    let expectation: Int
  }

  private struct State {
    var roots: [Root] = []
    var expected: [Expected] = []
    var scopes: [ObjectIdentifier: (object: WeakObject, scope: LifetimeScope)] = [:]
    var expectations = 0
    var isFinished = false
  }

  /// The registry that names the objects: untraced ones as the walk meets them, and those whose
  /// ``Lifetime`` token was made while it was ``LifetimeRegistry/current``.
  public let registry: LifetimeRegistry
  /// The most objects one walk of this check visits; a walk that stops there says so.
  public let objectLimit: Int
  private let state = Mutex(State())

  /// How many objects a check's walk visits unless it is given another limit: far more than an
  /// app's graph at one moment, so that a walk that stops there says something is wrong.
  public static let defaultObjectLimit = 100_000

  /// Creates a check whose walks visit at most `objectLimit` objects, naming objects in
  /// `registry`.
  public init(
    registry: LifetimeRegistry = LifetimeRegistry(), objectLimit: Int = defaultObjectLimit
  ) {
    self.registry = registry
    self.objectLimit = max(1, objectLimit)
  }

  /// Adds a root: an object the walk starts from, held until ``finish()`` lets go of it, and
  /// then expected to be released unless it `isGlobal` (a shared instance that lives on).
  /// Returns its expectation's number; the same object twice gets the same number, and a check
  /// that has finished takes no new root (0).
  @discardableResult
  public func addRoot(
    _ object: AnyObject, named name: String, scope: LifetimeScope = .app, isGlobal: Bool = false
  ) -> Int {
    state.withLock { state in
      if let known = state.roots.first(where: { $0.object === object }) {
        return known.expectation
      }
      // A check that has finished holds nothing more.
      guard !state.isFinished else { return 0 }
      state.expectations += 1
      state.roots.append(
        Root(
          object: object, name: name, scope: scope, isGlobal: isGlobal,
          expectation: state.expectations))
      return state.expectations
    }
  }

  /// Expects `object` to be released by the end: held weakly until then. A `scope` says how
  /// long it is meant to live, for telling a captive holder. Returns its expectation's number;
  /// the same object twice gets the same number.
  @discardableResult
  public func expectReleased(_ object: AnyObject, scope: LifetimeScope? = nil) -> Int {
    if let scope { expectScope(scope, of: object) }
    return state.withLock { state in
      if let known = state.expected.first(where: { $0.object.object === object }) {
        return known.expectation
      }
      state.expectations += 1
      state.expected.append(Expected(object: WeakObject(object), expectation: state.expectations))
      return state.expectations
    }
  }

  /// Says that `object` lives in `scope`: a holder in a longer-lived scope that keeps a
  /// shorter-lived object past its end is its captor.
  public func expectScope(_ scope: LifetimeScope, of object: AnyObject) {
    state.withLock { $0.scopes[ObjectIdentifier(object)] = (WeakObject(object), scope) }
  }

  /// Looks now, with the roots held: each object expected released so far is judged once.
  public func check() -> Report {
    let taken = state.withLock { state in
      defer { state.expected = [] }
      return (state.roots, state.expected, Self.liveScopes(state.scopes))
    }
    var tracer = Tracer(registry: registry)
    let problems = look(taken.0, taken.1, taken.2, &tracer)
    return Self.report(problems, tracer)
  }

  /// Checks, then lets go of the roots: a root that is not a global and is still alive then is
  /// a problem, named with the chain from a global that keeps it, or as kept by no root. A
  /// second call finds nothing.
  public func finish() -> Report {
    var taken: (roots: [Root], expected: [Expected], scopes: [Address: LifetimeScope])? =
      state.withLock { state in
        defer {
          state.roots = []
          state.expected = []
          state.isFinished = true
        }
        guard !state.isFinished else { return nil }
        return (state.roots, state.expected, Self.liveScopes(state.scopes))
      }
    var tracer = Tracer(registry: registry)
    var problems = taken.map { look($0.roots, $0.expected, $0.scopes, &tracer) } ?? []
    let roots = (taken?.roots ?? []).filter { !$0.isGlobal }.map {
      (WeakObject($0.object), $0.expectation)
    }
    // The globals live on: what they keep is kept by them, not by nothing.
    let globals = (taken?.roots ?? []).filter(\.isGlobal)
    // Let go of the roots: from here on, only what no root held is still alive.
    taken = nil
    for (root, expectation) in roots {
      guard let object = root.object else { continue }
      problems.append(
        heldByAGlobal(object, expectation: expectation, globals: globals)
          ?? unreached(object, expectation: expectation, moment: " after the test let go of it"))
    }
    return Self.report(problems, tracer)
  }

  /// A root still alive after the test let go of it, when a global keeps it: the chain from
  /// that global.
  private func heldByAGlobal(_ object: AnyObject, expectation: Int, globals: [Root]) -> Problem? {
    guard !globals.isEmpty else { return nil }
    let graph = ObjectGraph(
      roots: globals.map { ($0.name, $0.object, true) }, registry: registry,
      objectLimit: objectLimit)
    guard let node = graph.node(of: object), graph.retentionPath(to: node) != nil else {
      return nil
    }
    let id = graph.nodes[node].id
    return Problem(
      expectation: expectation, object: id, kind: .leak,
      message: "\(id) is still alive after the test let go of it; "
        + Findings.holders(of: node, in: graph))
  }

  /// The report of `problems`, with the trace of the moment `tracer` recorded: its findings are
  /// the problems, each on the object it is about (a plain object is no finding of its own).
  private static func report(_ problems: [Problem], _ tracer: Tracer) -> Report {
    var trace = tracer.trace(title: "lifetimes")
    for index in trace.steps.indices {
      trace.steps[index].findings = problems.map {
        Trace.Finding(kind: $0.kind, object: $0.object, detail: $0.message)
      }
    }
    return Report(problems: problems, trace: trace)
  }

  /// The scopes given for objects still alive, by address.
  private static func liveScopes(
    _ scopes: [ObjectIdentifier: (object: WeakObject, scope: LifetimeScope)]
  ) -> [Address: LifetimeScope] {
    Dictionary(
      scopes.values.compactMap { entry in entry.object.object.map { (address(of: $0), entry.scope) }
      },
      uniquingKeysWith: { _, last in last })
  }

  /// A live object no root reaches: what keeps it, found by a walk from it alone. `rootWalk` is
  /// the walk from the roots that did not reach it: "no root holds it" is said only when that
  /// walk was complete.
  private func unreached(
    _ object: AnyObject, expectation: Int, moment: String = "", rootWalk: ObjectGraph? = nil
  ) -> Problem {
    let alone = ObjectGraph(
      roots: [("it", object, false)], registry: registry, objectLimit: objectLimit)
    let id = alone.nodes[0].id
    return Problem(
      expectation: expectation, object: id, kind: .leak,
      message: "\(id) is still alive\(moment), " + Self.noRoot(rootWalk)
        + Self.keeper(in: alone, rootWalk: rootWalk))
  }

  /// That no root holds an object, after `rootWalk`, the walk from the roots that did not find a
  /// chain to it: said only when that walk was complete; a stopped one says where it stopped.
  private static func noRoot(_ rootWalk: ObjectGraph?) -> String {
    if let note = rootWalk?.stopNote {
      return "and no chain from a root to it was found before \(note); "
    }
    let unread = rootWalk.map(unreadable(in:)) ?? []
    guard unread.isEmpty else {
      return "and no chain the walk could read from a root reaches it; it could not read what "
        + unread.prefix(3).joined(separator: ", ") + " holds, which may keep it; "
    }
    return "and no root holds it; "
  }

  /// Each closure or task of `graph` whose captures could not be read, by its place:
  /// `Shop#1.syncTask (a task: what its operation captured cannot be read)`.
  private static func unreadable(in graph: ObjectGraph) -> [String] {
    graph.nodes.flatMap { node in node.unreadableCaptures.map { "\(node.id).\($0)" } }
  }

  /// A live object no root reaches, when another such object holds it and is not held by it:
  /// the chain from that one, and what keeps that one (a closure, say), so that the problem
  /// points at the first cause rather than at "no root holds it" twice. Of several such holders,
  /// one that none of the others holds.
  private func heldByAnotherUnreached(
    _ object: AnyObject, expectation: Int, among unreached: [AnyObject], rootWalk: ObjectGraph
  ) -> Problem? {
    var holders: [(object: AnyObject, graph: ObjectGraph, node: Int, path: String)] = []
    // Walked once, and only when some holder reaches the object.
    var walkedFromObject: ObjectGraph?
    for holder in unreached where holder !== object {
      let fromHolder = ObjectGraph(
        roots: [("it", holder, false)], registry: registry, objectLimit: objectLimit)
      guard let node = fromHolder.node(of: object), let path = fromHolder.retentionPath(to: node)
      else { continue }
      let fromObject =
        walkedFromObject
        ?? ObjectGraph(roots: [("it", object, false)], registry: registry, objectLimit: objectLimit)
      walkedFromObject = fromObject
      // Each holds the other: a cycle, which `unreached` names.
      if let back = fromObject.node(of: holder), fromObject.retentionPath(to: back) != nil {
        continue
      }
      holders.append((holder, fromHolder, node, path))
    }
    func holds(_ one: ObjectGraph, _ other: AnyObject) -> Bool {
      one.node(of: other).map { one.retentionPath(to: $0) != nil } ?? false
    }
    let outermost = holders.first { candidate in
      !holders.contains { $0.object !== candidate.object && holds($0.graph, candidate.object) }
    }
    guard let holder = outermost ?? holders.first else { return nil }
    let holderID = holder.graph.nodes[0].id
    let id = holder.graph.nodes[holder.node].id
    let chain = holderID + holder.path.dropFirst("it".count)
    return Problem(
      expectation: expectation, object: id, kind: .leak,
      message: "\(id) is still alive, " + Self.noRoot(rootWalk) + "held by \(chain), and "
        + "\(holderID) is still alive too: " + Self.keeper(in: holder.graph, rootWalk: rootWalk))
  }

  /// An object's address, as a key that neither retains it nor needs it alive.
  private typealias Address = UnsafeMutableRawPointer

  private static func address(of object: AnyObject) -> Address {
    Unmanaged.passUnretained(object).toOpaque()
  }

  /// One look, with `roots` held: the problems of the `expected` objects still alive.
  private func look(
    _ roots: [Root], _ expected: [Expected], _ scopes: [Address: LifetimeScope],
    _ tracer: inout Tracer
  ) -> [Problem] {
    var problems: [Problem] = []
    // Nothing to judge when every object expected released is gone: no walk at all.
    guard expected.contains(where: { $0.object.object != nil }) else { return [] }
    let graph = tracer.walk(
      roots.map { Tracer.Root($0.name, $0.object, isGlobal: $0.isGlobal) }, objectLimit: objectLimit
    )
    var scopeByAddress = scopes
    for root in roots where scopeByAddress[Self.address(of: root.object)] == nil {
      scopeByAddress[Self.address(of: root.object)] = root.scope
    }
    let alive = expected.compactMap { entry in entry.object.object.map { (entry, $0) } }
    let unreachedObjects = alive.map(\.1).filter { object in
      graph.node(of: object).map { graph.retentionPath(to: $0) == nil } ?? true
    }
    for (entry, object) in alive {
      guard let node = graph.node(of: object), graph.retentionPath(to: node) != nil else {
        problems.append(
          heldByAnotherUnreached(
            object, expectation: entry.expectation, among: unreachedObjects, rootWalk: graph)
            ?? unreached(object, expectation: entry.expectation, rootWalk: graph))
        continue
      }
      let id = graph.nodes[node].id
      let captors = Self.captors(of: node, in: graph, scopes: scopeByAddress)
      problems.append(
        Problem(
          expectation: entry.expectation, object: id, kind: captors.isEmpty ? .stale : .captive,
          message: "\(id) is still alive; "
            + Findings.holders(of: node, in: graph) + captors.map { "; " + $0 }.joined()
            + (graph.stopNote.map { "; \($0), so a shorter chain may exist" } ?? "")))
    }
    // The picture of the moment, only when something is wrong. Past ``pictureLimit`` objects it
    // shows what explains the problems: each chain from a root to a problem's object, and the
    // object's direct holders.
    if !problems.isEmpty {
      var keeping: Set<Int>?
      if graph.nodes.count > Self.pictureLimit {
        var shown: Set<Int> = []
        for (_, object) in alive {
          guard let node = graph.node(of: object) else { continue }
          shown.formUnion(graph.retentionChain(to: node))
          for (key, holder) in graph.nodes.enumerated()
          where holder.links.contains(where: { $0.target == .node(node) }) {
            shown.insert(key)
          }
        }
        keeping = shown
      }
      tracer.recordMoment(
        step: "end", screen: "the moment it looked", graph: graph, keeping: keeping)
    }
    return problems
  }

  // MARK: - What keeps an object alive

  /// The direct strong holders of `node` that live longer than it: each as a sentence. A node's
  /// scope is the one given for it, its root's, or its ``Lifetime`` token's.
  private static func captors(
    of node: Int, in graph: ObjectGraph, scopes: [Address: LifetimeScope]
  ) -> [String] {
    func scope(of key: Int) -> LifetimeScope? {
      if let given = scopes[graph.nodes[key].unretained.toOpaque()] { return given }
      guard let record = graph.nodes[key].record, record.isTraced else { return nil }
      return record.scope
    }
    guard let held = scope(of: node) else { return [] }
    return graph.captors(of: node, held: held, scope: scope).map { captor in
      "a captive dependency: \(graph.nodes[captor.holder].id) (\(captor.holderScope.name) scope) "
        + graph.keeps(captor)
    }
  }

  /// What keeps the first node of `graph` (walked from it alone) alive when no root does: a
  /// cycle of strong references back to it (stored, or captured by a closure), or else what the
  /// walk cannot see, with what it could not read and where it stopped. `rootWalk`, the walk
  /// from the roots that found no chain to it, may have stopped or met what it cannot read: then
  /// that, not something outside the walk, may be what keeps it.
  static func keeper(in graph: ObjectGraph, rootWalk: ObjectGraph? = nil) -> String {
    if let cycle = graph.shortestCycle(through: 0) {
      return "a cycle of strong references keeps it: " + cycle
    }
    let rootWalkStopped = rootWalk?.stopNote != nil
    let rootWalkUnread = rootWalk.map(Self.unreadable(in:)) ?? []
    var sentence = "it is on no cycle of strong references the walk can see"
    if rootWalkStopped {
      sentence += ": a chain from a root past where the walk stopped may keep it (a larger "
      sentence += "`objectLimit` walks further)"
    } else if !rootWalkUnread.isEmpty {
      sentence += ": what the walk could not read may keep it, or a variable of the test (a "
      sentence += "`let` that still holds it), or a `static` or global"
    } else {
      // In a test the likeliest holder comes first: the test's own variable.
      sentence += ", so something outside the walk keeps it: a variable of the test (a `let` "
      sentence += "that still holds it), a `static` or global, or a task or closure that no "
      sentence += "walked object stores"
    }
    // What the walk from the roots could not read is named already (``noRoot(_:)``); walked from
    // the object itself (its `weak` references back to its owner followed), the same places
    // would be named twice.
    let namedAlready = rootWalkUnread.prefix(3)
    let unreadable = Self.unreadable(in: graph).filter { !namedAlready.contains($0) }
    if !unreadable.isEmpty {
      sentence +=
        "; what these closures captured could not be read: "
        + unreadable.prefix(3).joined(separator: ", ")
    }
    if let note = graph.stopNote { sentence += "; walked from it, \(note)" }
    return sentence
  }

}

extension LifetimeCheck.Problem: Error, CustomStringConvertible {
  /// The problem's one sentence, ``message``.
  public var description: String { message }
}
