// MARK: - The graph's questions: what keeps an object, what reaches what, cycles, captors
//
// The trace's findings, the test trait (`LifetimeCheck`), chapter 6's `verify()` and the rules
// ask the walked graph these, and nothing else decides them.

extension ObjectGraph {
  /// How `node` is kept alive: the shortest chain of stored strong references from a root, as
  /// the root's name and the property names along it (`app.appContainer.signedInUserSession`);
  /// `nil` when no such chain exists (a cycle or something outside the walk keeps it, or
  /// nothing does).
  public func retentionPath(to node: Int) -> String? {
    var labels: [String] = []
    var at = node
    while let step = retentionSteps[at] {
      guard step.node >= 0 else {
        let root = roots[Int(step.label) ?? 0]
        labels.append(root.isGlobal ? "global \(root.label)" : root.label)
        return Self.collapsed(labels.reversed()).joined(separator: ".")
      }
      // A closure's capture on the way reads as the tree shows it, `factory (captured).values[…]`;
      // the last step needs no mark: the finding says "held by the closure in …".
      labels.append(step.label + (step.isCapture && at != node ? " (captured)" : ""))
      at = step.node
    }
    return nil
  }

  /// `labels` with each run of more than three equal ones written once with its count: a linked
  /// list's `head.next.next…` (5,000 of them) reads `head.(next ×4999)`.
  static func collapsed(_ labels: [String]) -> [String] {
    var result: [String] = []
    var index = 0
    while index < labels.count {
      var end = index + 1
      while end < labels.count, labels[end] == labels[index] { end += 1 }
      let run = end - index
      if run > 3 {
        result.append("(\(labels[index]) ×\(run))")
      } else {
        result += labels[index..<end]
      }
      index = end
    }
    return result
  }

  /// The nodes of the shortest chain of strong references from a root to `node`, the root's
  /// first and `node` last; `[node]` alone when no chain reaches it.
  func retentionChain(to node: Int) -> [Int] {
    var chain = [node]
    var at = node
    while let step = retentionSteps[at], step.node >= 0 {
      chain.append(step.node)
      at = step.node
    }
    return chain.reversed()
  }

  /// Every node's first step back toward a root, from one breadth-first walk of the strong
  /// references: what ``retentionPath(to:)`` follows.
  static func retentionSteps(of nodes: [Node], roots: [Root])
    -> [(node: Int, label: String, isCapture: Bool)?]
  {
    var steps = [(node: Int, label: String, isCapture: Bool)?](repeating: nil, count: nodes.count)
    var queue: [Int] = []
    for (index, root) in roots.enumerated() where steps[root.node] == nil {
      steps[root.node] = (-1, String(index), false)
      queue.append(root.node)
    }
    var next = 0
    while next < queue.count {
      let key = queue[next]
      next += 1
      for link in nodes[key].links where link.ownership.holds {
        guard case .node(let target) = link.target, steps[target] == nil else { continue }
        steps[target] = (key, link.label, link.isCapture)
        queue.append(target)
      }
    }
    return steps
  }

  /// Every node reachable from `start` (itself included), following every reference, or only
  /// the strong ones.
  package func reachable(from start: Int, strongOnly: Bool = false) -> Set<Int> {
    var seen: Set<Int> = [start]
    var pending = [start]
    while let key = pending.popLast() {
      for link in nodes[key].links where !strongOnly || link.ownership.holds {
        guard case .node(let next) = link.target, seen.insert(next).inserted else { continue }
        pending.append(next)
      }
    }
    return seen
  }

  /// The shortest chain of stored strong references from `start` back to itself, as
  /// `A#1.b → B#1.a → A#1`; `nil` when there is none.
  package func shortestCycle(through start: Int) -> String? {
    var cameFrom: [Int: (node: Int, link: ObjectGraph.Link)] = [:]
    var queue = [start]
    var next = 0
    while next < queue.count {
      let key = queue[next]
      next += 1
      for link in nodes[key].links where link.ownership.holds {
        guard case .node(let target) = link.target else { continue }
        if target == start {
          var steps = [link.step(from: nodes[key].id)]
          var at = key
          while at != start, let previous = cameFrom[at] {
            steps.insert(previous.link.step(from: nodes[previous.node].id), at: 0)
            at = previous.node
          }
          return (steps + [nodes[start].id]).joined(separator: " → ")
        }
        guard cameFrom[target] == nil else { continue }
        cameFrom[target] = (key, link)
        queue.append(target)
      }
    }
    return nil
  }

  /// The strong references to `node`: each holder, in the graph's order, with the property.
  func strongHolders(of node: Int) -> [(holder: Int, link: Link)] {
    nodes.indices.flatMap { key in
      nodes[key].links.filter { $0.target == .node(node) && $0.ownership.holds }.map { (key, $0) }
    }
  }

  /// A longer-lived object that keeps a shorter-lived one: the held object is its captive.
  struct Captor {
    /// The holder's node.
    let holder: Int
    /// How long the holder lives.
    let holderScope: LifetimeScope
    /// The property that holds the captive.
    let link: Link
    /// The captive's node, and how long it should live.
    let captive: Int
    let captiveScope: LifetimeScope
  }

  /// The holders that keep `node` (whose scope is `held`) captive: each strong reference to it
  /// from an object whose scope (`scope(of:)`, `nil` when unknown) outlives `held`.
  func captors(of node: Int, held: LifetimeScope, scope: (Int) -> LifetimeScope?) -> [Captor] {
    strongHolders(of: node).compactMap { holder, link in
      guard let holding = scope(holder), holding.outlives(held) else { return nil }
      return Captor(
        holder: holder, holderScope: holding, link: link, captive: node, captiveScope: held)
    }
  }

  /// What a captor does, in the words every finding and message uses:
  /// `keeps Session#1 (signed-in scope) in `session``.
  func keeps(_ captor: Captor) -> String {
    "keeps \(nodes[captor.captive].id) (\(captor.captiveScope.name) scope) in "
      + captor.link.quotedProperty
  }
}
