import Bilingual

extension Trace {
  /// How a live object that no walk from a root reached is kept alive: the stored strong
  /// references to it from other such objects, and the cycle of them that keeps it.
  ///
  /// A scope's objects that hold each other (a screen cached in its container, whose view-model
  /// factory is that container) stay alive after the scope ends with nothing outside holding
  /// them; the walk from the roots cannot see them. The tracer walks them again from the objects
  /// themselves, which earlier steps met, to name the chain (not part of the JSON form).
  public struct LooseHolding: Equatable, Sendable {
    /// The live object's id.
    public var object: String
    /// `Holder#n.property` for each stored strong reference to it from an unreached object.
    public var heldBy: [String]
    /// The cycle of stored strong references that keeps it, from the object on it nearest to
    /// this one: `ProfileViewController#1.viewModelFactory → Container#3.instances[…] →
    /// ProfileViewController#1`; `nil` when none does (a closure keeps it, or nothing found).
    public var cycle: String?
    /// Whether the object stores a secret (shown redacted): kept alive, it keeps the secret in
    /// memory.
    public var holdsSecret = false

    /// Creates a holding.
    public init(object: String, heldBy: [String], cycle: String?, holdsSecret: Bool = false) {
      self.object = object
      self.heldBy = heldBy
      self.cycle = cycle
      self.holdsSecret = holdsSecret
    }

    /// What keeps the object alive, in one phrase for a finding or a message (English).
    public var text: String { text(weakly: []) }

    /// ``text``, naming `weakly`, the `weak` or `unowned` references to it, as holding nothing.
    func text(weakly: [String]) -> String {
      Trace.holding(by: heldBy, keeper: cycle.map(Trace.Keeper.cycle), weakly: weakly).en
    }

    /// How the objects of `graph`, walked from the unreached objects themselves (its roots, each
    /// labelled with its id), hold each root.
    static func of(rootsOf graph: ObjectGraph) -> [LooseHolding] {
      graph.roots.map { root in
        var heldBy: [String] = []
        for holder in graph.nodes {
          for link in holder.links where link.target == .node(root.node) && link.ownership.holds {
            heldBy.append(link.place(in: holder.id))
          }
        }
        return LooseHolding(
          object: root.label, heldBy: heldBy,
          cycle: nearestCycle(to: root.node, in: graph),
          holdsSecret: graph.nodes[root.node].fields.contains {
            $0.text.contains(Secret<String>.placeholder)
          })
      }
    }

    /// The shortest cycle of strong references through `node`, or else through the nearest
    /// object that holds it (by a chain of strong references), as text.
    private static func nearestCycle(to node: Int, in graph: ObjectGraph) -> String? {
      // Breadth first backwards: `node`, then what holds it, then what holds those.
      var holders: [Int: [Int]] = [:]
      for (key, holder) in graph.nodes.enumerated() {
        for link in holder.links where link.ownership.holds {
          if case .node(let held) = link.target { holders[held, default: []].append(key) }
        }
      }
      var seen: Set<Int> = [node]
      var queue = [node]
      var next = 0
      while next < queue.count {
        let key = queue[next]
        next += 1
        if let cycle = graph.shortestCycle(through: key) { return cycle }
        for holder in holders[key] ?? [] where seen.insert(holder).inserted {
          queue.append(holder)
        }
      }
      return nil
    }
  }
}
