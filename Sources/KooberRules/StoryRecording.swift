import KooberKit
import KooberStory
import ObjectTrace

/// One story played on a composition, with a look at the live graph at every moment of it:
/// what the rules read. Everything in it comes from the real objects — identities, stored
/// references and deinitialisers — never from what the composition says about itself.
@MainActor
public struct StoryRecording {
  /// The live graph at one moment of the story.
  public struct Snapshot {
    /// The step being played.
    public let step: StoryStep
    /// Whether this is the end of the step (what the trace shows), not a moment inside it.
    public let isEndOfStep: Bool
    /// The objects reachable from the app and the globals, with their stored references.
    public let graph: ObjectGraph
    /// The id of the main view model the main screen shows.
    public let mainViewModel: String?
    /// The ids of the screens shown, outermost first.
    public let shownScreens: [String]
  }

  /// The trace of the steps played (the failed one last, if one failed).
  public let trace: Trace
  /// Why the story stopped early, if it did.
  public let failure: StoryError?
  /// Every look, in story order.
  public let snapshots: [Snapshot]
  /// Objects alive after quit that no global holds, with what holds them among themselves.
  public let leaks: LeakReport
  /// Every traced object the run made, in creation order, as its token registered it: what a
  /// rule reads of an object no look met (made and released between two looks).
  public var records: [LifetimeRegistry.Record] = []

  /// Plays the story on `chapter` and records it.
  /// - Parameter progress: hears each step begin and end, as ``Story/play(_:observer:progress:)``
  ///   tells it.
  public static func record(_ chapter: Chapter, progress: Story.ProgressHandler? = nil) async
    -> StoryRecording
  {
    let looks = Looks()
    let outcome = await Story.play(
      chapter,
      graphObserver: { moment, app, graph in looks.look(at: moment, app: app, graph: graph) },
      progress: progress)
    return StoryRecording(
      trace: outcome.trace, failure: outcome.failure, snapshots: looks.snapshots,
      leaks: LeakReport(
        candidates: looks.seenObjects, trace: outcome.trace, registry: outcome.registry),
      records: outcome.registry.records)
  }

  /// No story at all: for rules that look at objects built alone.
  static var none: StoryRecording {
    let trace = Trace(chapter: 0, title: "", steps: [], objects: [])
    return StoryRecording(
      trace: trace, failure: nil, snapshots: [],
      leaks: LeakReport(candidates: [], trace: trace, registry: nil))
  }

  /// The trace's step `step`, if the story got that far.
  public func step(_ step: StoryStep) -> Trace.Step? {
    trace.steps.first { $0.name == step.name }
  }

  /// The scope of the traced object `id`.
  public func scope(of id: String) -> String? {
    trace.objects.first { $0.id == id }?.scope
  }
}

// MARK: - Looking at the app during the story

@MainActor
private final class Looks {
  var snapshots: [StoryRecording.Snapshot] = []
  /// Every object any look saw while the app was there, unretained, by id, in the order first
  /// seen: what is still there after quit has leaked (and is dereferenced only then, while the
  /// registry says it is alive). Not only the last look's: an object no root reached by then (a
  /// ride request's, kept by a cycle of its own) leaked too, and is explained with the rest.
  var seenObjects: [(id: String, object: Unmanaged<AnyObject>)] {
    seenOrder.compactMap { id in seen[id].map { (id, $0) } }
  }
  private var seen: [String: Unmanaged<AnyObject>] = [:]
  private var seenOrder: [String] = []

  func look(at moment: Story.Moment, app: (any KooberApp)?, graph: ObjectGraph) {
    let step: StoryStep
    switch moment {
    case .endOf(let name), .rendered(let name): step = name
    case .wrongPasswordShown: step = .signIn
    }
    let main = app?.mainScreen
    snapshots.append(
      StoryRecording.Snapshot(
        step: step, isEndOfStep: moment == .endOf(step),
        graph: graph,
        mainViewModel: main.flatMap { traceID(of: $0.viewModel) },
        shownScreens: main?.shownPath.compactMap { traceID(of: $0) } ?? []))
    if app != nil {
      for node in graph.nodes {
        guard let id = node.record?.id else { continue }
        if seen.updateValue(node.unretained, forKey: id) == nil { seenOrder.append(id) }
      }
    }
  }
}

/// The id the trace gives an object, read from its lifetime token.
@MainActor public func traceID(of object: AnyObject) -> String? {
  Mirror(reflecting: object).children.lazy.compactMap { ($0.value as? Lifetime)?.record?.id }
    .first
}

// MARK: - Leaks, explained

/// What is alive after quit and held by no global, and why: which leaked object holds which
/// (in a stored property, or captured by a closure it stores), and the cycle that keeps them.
@MainActor
public struct LeakReport {
  /// A stored property of a leaked object: `holder.property`, or the closure stored there.
  public struct Property: Equatable, Sendable, CustomStringConvertible {
    /// The id of the object that stores it, e.g. `MainViewModel#1`.
    public let holder: String
    /// The property's name.
    public let name: String
    /// Whether it is the closure stored in the property that holds (captured) the object.
    public var isCapture = false

    /// `Holder#n.property`, or `the closure in Holder#n.property`.
    public var description: String {
      ObjectGraph.Link.place(holder: holder, label: name, isCapture: isCapture)
    }

    /// The same in Korean: `Holder#n.property의 클로저`.
    public var korean: String { Trace.koreanPlace(description) }
  }

  /// One leaked object.
  public struct Leak: Equatable, Sendable {
    /// Its id.
    public let id: String
    /// The property of each leaked object that stores it strongly.
    public let heldBy: [Property]
  }

  /// The leaked objects, in creation order.
  public let leaks: [Leak]
  /// Every closure stored in a leaked object.
  public let closures: [Property]
  /// The shortest cycle of strong references through each leaked object on one, by its id:
  /// `A#1.b → B#1.onTap (a closure) → A#1`.
  public let cycles: [String: String]

  init(
    candidates: [(id: String, object: Unmanaged<AnyObject>)], trace: Trace,
    registry: LifetimeRegistry?
  ) {
    let leakedIDs = Set(
      trace.steps.last.map { step in
        step.name == StoryStep.quit.name
          ? step.findings.filter { $0.kind == .leak }.map(\.object) : []
      } ?? [])
    // Only what the registry reported alive after quit is dereferenced: those objects leaked,
    // so they are still there.
    let alive = candidates.compactMap { candidate -> (label: String, object: AnyObject)? in
      leakedIDs.contains(candidate.id)
        ? (candidate.id, candidate.object.takeUnretainedValue()) : nil
    }
    let graph = ObjectGraph(roots: alive.map { ($0.label, $0.object, false) }, registry: registry)
    var heldBy: [String: [Property]] = [:]
    var closures: [Property] = []
    var cycles: [String: String] = [:]
    for (key, node) in graph.nodes.enumerated() {
      guard let holder = node.record?.id, leakedIDs.contains(holder) else { continue }
      cycles[holder] = graph.shortestCycle(through: key)
      for link in node.links {
        switch link.target {
        case .node(let index):
          if link.ownership.holds, let held = graph.nodes[index].record?.id,
            leakedIDs.contains(held)
          {
            heldBy[held, default: []].append(
              Property(holder: holder, name: link.label, isCapture: link.isCapture))
          }
        case .factory:
          closures.append(Property(holder: holder, name: link.label))
        }
      }
    }
    leaks = trace.objects.map(\.id).filter(leakedIDs.contains).map {
      Leak(id: $0, heldBy: heldBy[$0] ?? [])
    }
    self.closures = closures
    self.cycles = cycles
  }
}
