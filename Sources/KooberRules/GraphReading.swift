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
    let english = Trace.holding(
      by: fields + roots.map { $0.global ? "the global \($0.label)" : $0.label }, keptBy: path)
    let names =
      fields.map(KoreanTracerText.place)
      + roots.map { $0.global ? "전역 변수 \($0.label)" : $0.label }
    let noChain =
      "루트나 전역 변수에서 강한 참조를 따라 이 객체까지 이어지는 경로가 없다: 순환 참조나, "
      + "그래프 탐색이 닿지 않은 `static`·전역 변수·클로저가 이 객체를 살려 두고 있다"
    if path == nil, let loose = loose.first(where: { $0.object == id }), !loose.heldBy.isEmpty {
      // No root holds it (the walk from the roots met it through `weak` references at most): a
      // cycle of objects outside that walk keeps it.
      let text = Localized(
        en: loose.text,
        ko: "붙잡은 곳: " + loose.heldBy.map(KoreanTracerText.place).joined(separator: ", ")
          + (loose.cycle.map { " (순환 참조로 살아 있음: \(KoreanTracerText.cycle($0)))" }
            ?? ". " + noChain))
      return Holding(text: text, pathFromRoot: nil, cycle: loose.cycle)
    }
    guard !names.isEmpty else {
      let text = Localized(en: english, ko: "이 객체를 붙잡은 저장된 강한 참조가 없다. " + noChain)
      return Holding(text: text, pathFromRoot: path, cycle: nil)
    }
    let text = Localized(
      en: english,
      ko: "붙잡은 곳: " + names.joined(separator: ", ")
        + (path.map { " (\($0) 경로로 살아 있음)" } ?? ". " + noChain))
    return Holding(text: text, pathFromRoot: path, cycle: nil)
  }
}
