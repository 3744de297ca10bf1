import Bilingual
import Foundation
import ObjectTrace

/// What one approach changes against another, step by step, in the terms of the lessons:
/// objects only in one chapter, stored references that point elsewhere, holders that changed,
/// findings that appeared or went. Made from two chapters' traces (their JSON), for a slide.
public struct ChapterDiff: Sendable {
  /// The two traces.
  public let before: Trace
  public let after: Trace
  /// The words around the ids, in the reader's language.
  let texts: RunnerTexts
  /// The two chapters' numbers: `workbook diff` compares chapters' runs, which always have one.
  private var numbers: (before: Int, after: Int) { (before.chapter ?? 0, after.chapter ?? 0) }

  /// Compares `before` with `after`.
  public init(before: Trace, after: Trace) {
    self.init(before: before, after: after, texts: .english)
  }

  /// Compares `before` with `after`, in the language of `texts`.
  init(before: Trace, after: Trace, texts: RunnerTexts) {
    self.before = before
    self.after = after
    self.texts = texts
  }

  /// The summary as text; a step where nothing differs says so in one line.
  public var text: String {
    var lines = [texts.diffHeading(numbers.before, before.title, numbers.after, after.title)]
    let sections = self.sections
    for name in before.steps.map(\.name) {
      guard let section = sections[name] else { continue }
      lines.append("")
      lines.append("── \(name)")
      lines += section
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each step's lines of the summary, by step name (the steps both traces have).
  public var sections: [String: [String]] {
    var sections: [String: [String]] = [:]
    for old in before.steps {
      guard let new = after.steps.first(where: { $0.name == old.name }) else { continue }
      let section = compare(old, new)
      sections[old.name] = section.isEmpty ? ["  " + texts.diffSame] : section
    }
    return sections
  }

  private func compare(_ old: Trace.Step, _ new: Trace.Step) -> [String] {
    var lines: [String] = []
    func add(_ title: String, _ items: [String]) {
      guard !items.isEmpty else { return }
      lines.append("  \(title):")
      lines += items.map { "    \($0)" }
    }
    let oldLive = Set(old.live)
    let newLive = Set(new.live)
    add(texts.aliveOnlyIn(numbers.before), old.live.filter { !newLive.contains($0) })
    add(texts.aliveOnlyIn(numbers.after), new.live.filter { !oldLive.contains($0) })

    // A reference that holds nothing shows it: `X.y → Z (weak)`.
    func target(_ edge: Trace.Edge) -> String {
      edge.to + (edge.ownership.map { " (\($0.rawValue))" } ?? "")
    }
    let oldEdges = Dictionary(
      old.edges.map { ("\($0.from).\($0.label)", target($0)) },
      uniquingKeysWith: { first, _ in first })
    let newEdges = Dictionary(
      new.edges.map { ("\($0.from).\($0.label)", target($0)) },
      uniquingKeysWith: { first, _ in first })
    add(
      texts.referencesOnlyIn(numbers.before),
      oldEdges.keys.sorted().filter { newEdges[$0] == nil }.map { "\($0) → \(oldEdges[$0] ?? "")" })
    add(
      texts.referencesOnlyIn(numbers.after),
      newEdges.keys.sorted().filter { oldEdges[$0] == nil }.map { "\($0) → \(newEdges[$0] ?? "")" })
    add(
      texts.referencesElsewhere,
      oldEdges.keys.sorted().compactMap { key in
        guard let was = oldEdges[key], let now = newEdges[key], was != now else { return nil }
        return "\(key): \(was) → \(now)"
      })

    let oldHolders = Dictionary(
      old.holders.map { ($0.object, $0.heldBy) }, uniquingKeysWith: { first, _ in first })
    add(
      texts.heldBy,
      new.holders.compactMap { holding in
        guard let was = oldHolders[holding.object], was != holding.heldBy else { return nil }
        return "\(holding.object): \(list(was)) → \(list(holding.heldBy))"
      })

    let oldFindings = old.findings.map { "\($0.kind) \($0.object)" }
    let newFindings = new.findings.map { "\($0.kind) \($0.object)" }
    add(texts.findingsGone, oldFindings.filter { !newFindings.contains($0) })
    add(texts.findingsNew, newFindings.filter { !oldFindings.contains($0) })
    return lines
  }

  private func list(_ holders: [String]) -> String {
    holders.isEmpty ? texts.onlyScreens : holders.joined(separator: ", ")
  }
}
