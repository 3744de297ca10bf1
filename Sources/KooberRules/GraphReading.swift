import Bilingual
import ObjectTrace

// MARK: - Reading a snapshot's graph by ids and property names

extension ObjectGraph {
  /// The traced nodes whose type is `typeName`: for a type the rules cannot name (chapter 6's
  /// `Container`, of which each exercise compiles its own copy).
  func nodes(ofType typeName: String) -> [Node] {
    nodes.filter { $0.record?.typeName == typeName }
  }

  /// The traced nodes of `type`, by the name the walk gives it (its unqualified name): a rename
  /// in KooberKit is a compile error here, not a rule that silently finds nothing.
  func nodes<Object: AnyObject>(of type: Object.Type) -> [Node] {
    nodes(ofType: String(describing: type))
  }

  /// The node with trace id `id`.
  func node(_ id: String) -> Node? {
    nodes.first { $0.record?.id == id }
  }

  /// The id of what `node`'s stored property `label` refers to.
  func target(of node: Node, _ label: String) -> String? {
    for link in node.links where link.label == label {
      if case .node(let index) = link.target { return nodes[index].id }
    }
    return nil
  }

  /// The id of what the stored property `label` of the object `id` refers to.
  func target(of id: String?, _ label: String) -> String? {
    guard let id, let node = node(id) else { return nil }
    return target(of: node, label)
  }

  /// Every stored reference from a walked object (traced or not), as (holder id, property, held
  /// id, whether it keeps the held object alive); an instance of a toolchain type is named by
  /// its type.
  var references: [(from: String, label: String, to: String, holds: Bool)] {
    nodes.flatMap { node -> [(from: String, label: String, to: String, holds: Bool)] in
      guard let from = node.record?.id else { return [] }
      return node.links.compactMap { link in
        guard case .node(let index) = link.target else { return nil }
        return (from, link.label, nodes[index].id, link.ownership.holds)
      }
    }
  }
}

extension Trace.Step {
  /// The objects of `scope` still alive at the end of this step, in `recording`: first the one a
  /// longer-lived object keeps (the cause), then what it keeps with it; `nil` when none is.
  @MainActor func staleObjects(of scope: String, in recording: StoryRecording) -> (
    cause: String, others: [String], all: Set<String>
  )? {
    let stale = live.filter { recording.scope(of: $0) == scope }
    guard let first = stale.first else { return nil }
    let all = Set(stale)
    let cause =
      stale.first { id in edges.contains { $0.to == id && $0.holds && !all.contains($0.from) } }
      ?? first
    return (cause, stale.filter { $0 != cause }, all)
  }

  /// What keeps an object alive at the end of a step, as a rule's message says it.
  struct Holding {
    /// The holders and the chain, in each language.
    let text: Localized
    /// The chain of strong references from a root that keeps it, if one does.
    let pathFromRoot: String?
    /// The cycle of objects no root reaches that keeps it, if one does.
    let cycle: String?

    /// Whether the text names what keeps the object: a chain from a root, or a cycle.
    var isChained: Bool { pathFromRoot != nil || cycle != nil }
  }

  /// `Holder#n.property` for every stored strong reference to `id` at the end of this step and
  /// the chain from a root that keeps it (`kept by app.appContainer.signedInContainer`), or a
  /// sentence saying no such chain exists; with the chain and the cycle the sentence names.
  func holders(of id: String) -> Holding {
    let fields = edges.filter { $0.to == id && $0.holds }.map(\.place)
    let roots = roots.filter { $0.object == id }
    let path = nodes.first { $0.id == id }?.path
    if path == nil, let loose = loose.first(where: { $0.object == id }), !loose.heldBy.isEmpty {
      // No root holds it (the walk from the roots met it through `weak` references at most): a
      // cycle of objects outside that walk keeps it.
      let text = Trace.holding(by: loose.heldBy, keeper: loose.cycle.map(Trace.Keeper.cycle))
      return Holding(text: text, pathFromRoot: nil, cycle: loose.cycle)
    }
    let names = fields + roots.map { $0.global ? Trace.globalPlace + $0.label : $0.label }
    let text = Trace.holding(by: names, keeper: path.map(Trace.Keeper.path))
    return Holding(text: text, pathFromRoot: path, cycle: nil)
  }
}
