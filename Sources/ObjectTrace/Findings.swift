/// The findings of one step, derived from the walked graph and the registry's live objects.
///
/// - **stale**: an object of a screen's scope (onboarding, signed-in) that is alive but not
///   reachable from any shown screen that opens that scope (or from a root of that scope, such
///   as a screen previewed alone) — it outlived its screen.
/// - **captive**: a longer-lived object that directly holds such a stale object: the reason it
///   is still alive.
/// - **leak**: once the app object is gone (only globals are left as roots), anything alive
///   that no global holds.
/// - **torn**: a second live instance of a type whose scope holds one (two `MainViewModel`s):
///   whoever holds the second one talks to an object no screen watches.
/// - **untraced**: an object of the workbook's or the learner's own type that stores no
///   ``Lifetime`` token: walked and named, but its scope is unknown, so it is never called stale.
///
/// Only strong references hold: a `weak` or `unowned` one is never a holder, a captor or a way
/// to stay alive. Each finding about a live object says what keeps it alive: its holders and the
/// chain of strong references from a root (``ObjectGraph/retentionPath(to:)``), or that no such
/// chain exists.
struct Findings {
  private(set) var all: [Trace.Finding] = []

  init(
    graph: ObjectGraph, alive: [LifetimeRegistry.Record], loose: [Trace.LooseHolding] = []
  ) {
    // What keeps an object no walk from a root reached: other such objects, when any holds it.
    let looseByID = Dictionary(
      loose.map { ($0.object, $0) }, uniquingKeysWith: { first, _ in first })
    var nodeByIndex: [Int: Int] = [:]
    for (key, node) in graph.nodes.enumerated() {
      if let record = node.record { nodeByIndex[record.index] = key }
    }
    let appIsGone = graph.roots.allSatisfy(\.isGlobal)
    // Scope name → nodes reachable from an open screen of that scope. A screen that opens its
    // scope counts, and so does a root that is not a global (a previewed screen, shown alone).
    var inScope: [String: Set<Int>] = [:]
    let shownRoots = Set(graph.roots.filter { !$0.isGlobal }.map(\.node))
    for (key, node) in graph.nodes.enumerated() {
      guard let record = node.record, record.opensScope || shownRoots.contains(key) else {
        continue
      }
      inScope[record.scope.name, default: []].formUnion(graph.reachable(from: key))
    }
    let reachableFromGlobals = graph.roots.filter(\.isGlobal).reduce(into: Set<Int>()) {
      $0.formUnion(graph.reachable(from: $1.node, strongOnly: true))
    }

    var stale: Set<Int> = []
    for record in alive where record.scope.depth > 0 {
      let node = nodeByIndex[record.index]
      if let node, inScope[record.scope.name, default: []].contains(node) { continue }
      stale.insert(record.index)
    }

    for record in alive {
      let node = nodeByIndex[record.index]
      if appIsGone, node.map({ !reachableFromGlobals.contains($0) }) ?? true {
        all.append(
          Trace.Finding(
            kind: .leak, object: record.id,
            detail: "alive after quit and not held by a global; "
              + Self.holders(of: node, loose: looseByID[record.id], in: graph)))
        continue
      }
      guard stale.contains(record.index) else { continue }
      all.append(
        Trace.Finding(
          kind: .stale, object: record.id,
          detail: "alive after its \(record.scope.name) scope ended; "
            + Self.holders(of: node, loose: looseByID[record.id], in: graph)
            + Self.secretWarning(for: node, loose: looseByID[record.id], in: graph)))
      guard let node else { continue }
      // Its captors: the traced objects of longer scopes, themselves not stale, that keep it.
      let captors = graph.captors(of: node, held: record.scope) { key in
        guard let holder = graph.nodes[key].record, holder.isTraced,
          !stale.contains(holder.index)
        else { return nil }
        return holder.scope
      }
      for captor in captors {
        all.append(
          Trace.Finding(
            kind: .captive, object: graph.nodes[captor.holder].id,
            detail: "\(captor.holderScope.name)-scoped, "
              + graph.keeps(captor) + " after that scope ended"
          ))
      }
    }
    all += Self.torn(alive: alive, graph: graph, nodeByIndex: nodeByIndex, loose: looseByID)
    all += Self.untraced(alive: alive, graph: graph, nodeByIndex: nodeByIndex)
  }

  /// Every live object with no ``Lifetime`` token, with the one declaration that would give the
  /// trace what the walk cannot know.
  static func untraced(
    alive: [LifetimeRegistry.Record], graph: ObjectGraph, nodeByIndex: [Int: Int]
  ) -> [Trace.Finding] {
    alive.filter { !$0.isTraced }.map { record in
      let declaration = declaration(for: record, node: nodeByIndex[record.index], in: graph)
      return Trace.Finding(
        kind: .untraced, object: record.id,
        detail: "it stores no Lifetime token, so the trace cannot tell its scope or the step "
          + "it was made in; add `\(declaration)` as its first stored property",
        declaration: declaration)
    }
  }

  /// `let lifetime = Lifetime(of: T.self, scope: …, role: …)` for an untraced object: the scope
  /// is the shortest-lived one among the traced objects it holds (it lives at least as long as
  /// they do), the role a container's when its name says it is one.
  static func declaration(for record: LifetimeRegistry.Record, node: Int?, in graph: ObjectGraph)
    -> String
  {
    var scope = LifetimeScope.app
    for link in node.map({ graph.nodes[$0].links }) ?? [] where link.ownership.holds {
      guard case .node(let held) = link.target, let heldRecord = graph.nodes[held].record,
        heldRecord.isTraced, scope.outlives(heldRecord.scope)
      else { continue }
      scope = heldRecord.scope
    }
    var arguments = ["of: \(record.typeName).self"]
    if scope != .app { arguments.append("scope: .\(swiftName(of: scope))") }
    if record.role == .container { arguments.append("role: .container") }
    return "let lifetime = Lifetime(\(arguments.joined(separator: ", ")))"
  }

  /// A scope's name as Swift spells its static property: `signed-in` → `signedIn`.
  static func swiftName(of scope: LifetimeScope) -> String {
    let words = scope.name.split(separator: "-")
    return words.enumerated().map {
      $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst()
    }
    .joined()
  }

  /// Every live instance of a one-per-scope type after the first, while the first is alive too.
  static func torn(
    alive: [LifetimeRegistry.Record], graph: ObjectGraph, nodeByIndex: [Int: Int],
    loose: [String: Trace.LooseHolding] = [:]
  ) -> [Trace.Finding] {
    var first: [String: LifetimeRegistry.Record] = [:]
    var findings: [Trace.Finding] = []
    for record in alive where record.onePerScope {
      guard let original = first[record.typeName] else {
        first[record.typeName] = record
        continue
      }
      findings.append(
        Trace.Finding(
          kind: .torn, object: record.id,
          detail: "a second live \(record.typeName), where its \(record.scope.name) scope holds "
            + "one (\(original.id) is alive too); "
            + holders(of: nodeByIndex[record.index], loose: loose[record.id], in: graph)))
    }
    return findings
  }

  /// What keeps `node` alive: the properties that hold it strongly, then the chain from a root.
  static func holders(of node: Int?, in graph: ObjectGraph) -> String {
    guard let node else { return "held by nothing the walk reached; " + Trace.noRetentionChain }
    var names: [String] = []
    for root in graph.roots where root.node == node {
      names.append(root.isGlobal ? "the global `\(root.label)`" : "the root `\(root.label)`")
    }
    let references = references(to: node, in: graph)
    return Trace.holding(
      by: names + references.holding, keptBy: graph.retentionPath(to: node),
      weakly: references.weakly)
  }

  /// The places of the references to `node` in `graph`: those that hold it, and the `weak` or
  /// `unowned` ones, which hold nothing (`Cell#1.owner (weak)`).
  private static func references(to node: Int, in graph: ObjectGraph) -> (
    holding: [String], weakly: [String]
  ) {
    var holding: [String] = []
    var weakly: [String] = []
    for holder in graph.nodes {
      for link in holder.links where link.target == .node(node) {
        if link.ownership.holds {
          holding.append(link.place(in: holder.id))
        } else {
          weakly.append("\(link.place(in: holder.id)) (\(link.ownership.rawValue))")
        }
      }
    }
    return (holding, weakly)
  }

  /// What keeps `node` alive; for an object no walk from a root reached (`node` is `nil`), what
  /// the walk from the unreached objects found, when another of them holds it.
  static func holders(of node: Int?, loose: Trace.LooseHolding?, in graph: ObjectGraph) -> String {
    // Reached from a root only through `weak` or `unowned` references, or not at all: what the
    // walk from the unreached objects found keeps it.
    if node.map({ graph.retentionPath(to: $0) == nil }) ?? true, let loose, !loose.heldBy.isEmpty {
      return loose.text(weakly: node.map { references(to: $0, in: graph).weakly } ?? [])
    }
    return holders(of: node, in: graph)
  }

  /// A stale object that still holds a secret keeps it in memory: worth saying.
  private static func secretWarning(
    for node: Int?, loose: Trace.LooseHolding?, in graph: ObjectGraph
  ) -> String {
    let holdsSecret =
      node.map {
        graph.nodes[$0].fields.contains { $0.text.contains(Secret<String>.placeholder) }
      } ?? loose?.holdsSecret ?? false
    return holdsSecret ? " — and it still holds a secret in memory" : ""
  }
}
