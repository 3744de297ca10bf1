/// Turns the real objects of one app run into a ``Trace``, one step at a time.
///
/// At the end of each step it takes the creations and releases the ``LifetimeRegistry`` saw,
/// walks the live graph from the given roots (``ObjectGraph``), and derives the findings from
/// what it found — nothing in a trace is stated by the code being traced.
public struct Tracer {
  /// A named object the walk starts from.
  public struct Root {
    /// A property name of the app, or a global's name.
    public let label: String
    /// The object itself.
    public let object: AnyObject
    /// Whether it is a declared global (what is alive through a global is not a leak).
    public let isGlobal: Bool

    /// Creates a root.
    public init(_ label: String, _ object: AnyObject, isGlobal: Bool = false) {
      self.label = label
      self.object = object
      self.isGlobal = isGlobal
    }
  }

  private let registry: LifetimeRegistry
  private(set) var steps: [Trace.Step] = []
  /// Every live object a walk has met, by its record's index, with that record, unretained: an
  /// object the walk from the roots no longer reaches is walked from itself, while the registry
  /// says it lives. Shared by every walk of this tracer, a step's end and a look inside a step,
  /// so that an object made and let go of between two steps' ends is still walked from itself
  /// when something outside the roots' reach keeps it.
  private let met = MetObjects()

  /// The objects the walks met; a reference, so that a walk (which changes nothing else) notes
  /// them too.
  private final class MetObjects {
    var byIndex: [Int: (record: LifetimeRegistry.Record, object: Unmanaged<AnyObject>)] = [:]

    func note(_ graph: ObjectGraph) {
      for node in graph.nodes {
        guard let record = node.record else { continue }
        byIndex[record.index] = (record, node.unretained)
      }
    }
  }

  /// Creates a tracer reading `registry`.
  public init(registry: LifetimeRegistry) {
    self.registry = registry
  }

  /// Records the end of a step, walking the live graph from `roots`.
  public mutating func record(step name: String, screen: String, roots: [Root]) {
    record(step: name, screen: screen, graph: walk(roots))
  }

  /// Walks the live graph from `roots`, registering the untraced objects it meets for the first
  /// time: what ``record(step:screen:graph:)`` reads. It visits at most `objectLimit` objects.
  public func walk(_ roots: [Root], objectLimit: Int = ObjectGraph.maximumObjects) -> ObjectGraph {
    let graph = ObjectGraph(
      roots: roots.map { ($0.label, $0.object, $0.isGlobal) }, registry: registry,
      objectLimit: objectLimit)
    met.note(graph)
    return graph
  }

  /// Records the end of a step from `graph`, this moment's ``walk(_:objectLimit:)``.
  public mutating func record(step name: String, screen: String, graph: ObjectGraph) {
    let events = registry.takeEvents()
    let alive = registry.alive
    let loose = looseHoldings(alive: alive, graph: graph)
    var step = Trace.Step(
      name: name, screen: screen,
      created: events.created.map(\.id), released: events.released.map(\.id),
      live: alive.map(\.id), roots: Self.roots(of: graph, keeping: nil), edges: [], findings: [])
    step.nodes = Self.nodes(of: graph, keeping: nil, withPaths: true)
    step.edges = Self.edges(of: graph, keeping: nil)
    step.walkStopped = graph.isCut
    step.loose = loose
    step.findings = Findings(graph: graph, alive: alive, loose: loose).all
    step.holders = Self.holders(in: graph)
    steps.append(step)
  }

  /// Records the end of a step from `graph` as a picture of that moment: its objects, roots and
  /// references, with no findings, retention paths or holders (a ``LifetimeCheck`` gives it its
  /// own findings). Only the nodes in `keeping` (and the references between them) when it is
  /// given.
  package mutating func recordMoment(
    step name: String, screen: String, graph: ObjectGraph, keeping: Set<Int>? = nil
  ) {
    let events = registry.takeEvents()
    var step = Trace.Step(
      name: name, screen: screen,
      created: events.created.map(\.id), released: events.released.map(\.id),
      live: registry.alive.map(\.id), roots: Self.roots(of: graph, keeping: keeping), edges: [],
      findings: [])
    step.nodes = Self.nodes(of: graph, keeping: keeping, withPaths: false)
    step.edges = Self.edges(of: graph, keeping: keeping)
    step.walkStopped = graph.isCut
    steps.append(step)
  }

  /// The roots of `graph` (those whose node is in `keeping`, when it is given).
  private static func roots(of graph: ObjectGraph, keeping: Set<Int>?) -> [Trace.Root] {
    graph.roots.compactMap { root in
      keeping.map { $0.contains(root.node) } == false
        ? nil
        : Trace.Root(label: root.label, object: graph.nodes[root.node].id, global: root.isGlobal)
    }
  }

  /// The nodes of `graph` as the trace draws them (only those in `keeping`, with the references
  /// between them, when it is given), each with its retention path when `withPaths`.
  private static func nodes(of graph: ObjectGraph, keeping: Set<Int>?, withPaths: Bool)
    -> [Trace.Node]
  {
    graph.nodes.indices.filter { keeping?.contains($0) ?? true }.map { key in
      let node = graph.nodes[key]
      return Trace.Node(
        id: node.id, scope: node.record?.scope.name, fields: node.fields,
        links: node.links.compactMap { link in
          switch link.target {
          case .node(let index) where keeping?.contains(index) ?? true:
            Trace.Link(
              label: link.label, to: graph.nodes[index].id, factory: nil,
              ownership: link.ownership, captured: link.isCapture)
          case .node: nil
          case .factory(let type):
            Trace.Link(label: link.label, to: nil, factory: type, ownership: link.ownership)
          }
        },
        path: withPaths ? graph.retentionPath(to: key) : nil)
    }
  }

  /// Every reference between registered nodes of `graph` (among those in `keeping`, when it is
  /// given), as the JSON's edges.
  private static func edges(of graph: ObjectGraph, keeping: Set<Int>?) -> [Trace.Edge] {
    graph.nodes.indices.filter { keeping?.contains($0) ?? true }.flatMap { key -> [Trace.Edge] in
      guard let from = graph.nodes[key].record?.id else { return [] }
      return graph.nodes[key].links.compactMap { link in
        guard case .node(let index) = link.target, keeping?.contains(index) ?? true,
          let to = graph.nodes[index].record?.id
        else { return nil }
        return Trace.Edge(
          from: from, to: to, label: link.label,
          ownership: link.ownership.holds ? nil : link.ownership,
          via: link.isCapture ? Trace.Edge.closure : nil)
      }
    }
  }

  /// How each live object that `graph` did not reach is kept alive, from a walk that starts at
  /// those objects themselves (met by earlier walks; alive, so still there).
  private mutating func looseHoldings(alive: [LifetimeRegistry.Record], graph: ObjectGraph)
    -> [Trace.LooseHolding]
  {
    // Only this registry's live records: a token may come from another registry (`verify()`'s
    // dry run), whose numbers mean other objects.
    let living = Dictionary(alive.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
    // Reached means held: an object the walk met only through `weak` or `unowned` references
    // is kept by something else, which the walk from the unreached objects looks for.
    // `graph` is this moment's walk, which noted what it met already.
    var reached: Set<Int> = []
    for (key, node) in graph.nodes.enumerated() {
      guard let record = node.record, living[record.index] == record else { continue }
      if graph.retentionPath(to: key) != nil { reached.insert(record.index) }
    }
    // A record of another registry (the dry run's) may share an index: only this one's count.
    met.byIndex = met.byIndex.filter { living[$0.key] == $0.value.record }
    let unreached = alive.compactMap { record in
      reached.contains(record.index)
        ? nil
        : met.byIndex[record.index].map { (record.id, $0.object.takeUnretainedValue(), false) }
    }
    guard !unreached.isEmpty else { return [] }
    // With the registry: an untraced holder is named by its id, as the trace names it.
    return Trace.LooseHolding.of(
      rootsOf: ObjectGraph(roots: unreached, registry: registry, objectLimit: graph.objectLimit))
  }

  /// For every registered node, the containers (by their declared role) and the globals that
  /// hold it directly, by strong references: a `weak` or `unowned` one holds nothing.
  private static func holders(in graph: ObjectGraph) -> [Trace.Holding] {
    var heldBy: [Int: [String]] = [:]
    for root in graph.roots where root.isGlobal {
      heldBy[root.node, default: []].append("global \(root.label)")
    }
    for holder in graph.nodes {
      guard let record = holder.record, record.role == .container else { continue }
      for link in holder.links where link.ownership.holds {
        guard case .node(let held) = link.target,
          heldBy[held, default: []].last != record.id
        else { continue }
        heldBy[held, default: []].append(record.id)
      }
    }
    return graph.nodes.enumerated()
      .compactMap { key, node in node.record.map { ($0.index, key, $0.id) } }
      .sorted { $0.0 < $1.0 }
      .map { _, key, id in Trace.Holding(object: id, heldBy: heldBy[key] ?? []) }
  }

  /// The trace of everything recorded so far: a chapter's run when `chapter` is given.
  public func trace(chapter: Int? = nil, title: String) -> Trace {
    Trace(
      chapter: chapter, title: title, steps: steps,
      objects: registry.records.map {
        Trace.Object(id: $0.id, type: $0.typeName, scope: $0.scope.name)
      })
  }
}
