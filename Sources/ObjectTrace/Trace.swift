import Bilingual

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What one app run built, step by step: the data every output format renders.
///
/// Its JSON form is a contract that tools and graders rely on (extend it, never break it):
/// `{"chapter", "title", "steps": [{"name", "created", "released", "live", "edges", "findings"}],
/// "objects": [{"id", "type", "scope"}]}`; this type adds `screen`, `roots` and `holders` to each
/// step. `chapter` is there for a chapter's run (every trace the workbook prints), and left out
/// for any other run.
public struct Trace: Codable, Equatable, Sendable {
  /// The chapter number, for a chapter's run; `nil` for any other run (a test's, an app's),
  /// and then left out of the JSON.
  public var chapter: Int?
  /// The run's title: the chapter's, or what the run is (`lifetimes`).
  public var title: String
  /// One entry per story step, in order.
  public var steps: [Step]
  /// Every traced object created over the whole run, in creation order.
  public var objects: [Object]

  /// Creates a trace.
  public init(chapter: Int? = nil, title: String, steps: [Step], objects: [Object]) {
    self.chapter = chapter
    self.title = title
    self.steps = steps
    self.objects = objects
  }

  /// The run as a heading: `Chapter 3: Single container`, or the title alone for a run that is
  /// no chapter.
  public var heading: String { Self.heading(chapter: chapter, title: title) }

  /// ``heading`` for a run's chapter and title, before its trace exists (the text's first line,
  /// printed as the story starts).
  package static func heading(chapter: Int?, title: String) -> String {
    chapter.map { "Chapter \($0): \(title)" } ?? title
  }

  /// What the trace and the rules say of a live object that no chain of stored strong
  /// references reaches from a root or a global.
  public static let noRetentionChain =
    "no chain of strong references reaches it from a root or a global: a cycle, or a `static`, "
    + "a global or a closure the walk did not reach, keeps it"

  /// The finding kinds, each with a reference page (`FindingPages` in `TracePictures`).
  public static let findingKinds = Finding.Kind.allCases.map(\.rawValue)

  /// What keeps a live object alive, in one phrase for a finding or a rule's message:
  /// `held by A#1.x, B#1.y (kept by app.a.x)`, or that nothing strong holds it or no chain from
  /// a root does; `weakly` names the `weak` or `unowned` references to it, which hold nothing.
  public static func holding(by names: [String], keptBy path: String?, weakly: [String] = [])
    -> String
  {
    holding(by: names, keeper: path.map(Keeper.path), weakly: weakly).en
  }

  /// The trace as its JSON contract writes it: pretty, keys sorted, a final newline.
  public var json: String { Self.jsonText(self) }

  /// `value` as the trace's JSON is written: pretty, keys sorted, slashes unescaped, a final
  /// newline.
  package static func jsonText(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding plain strings, arrays and structs cannot fail.
    let data = (try? encoder.encode(value)) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The object whose id is `id`, as registered.
  public func object(_ id: String) -> Object? { objects.first { $0.id == id } }

  /// An object as registered at its creation (or, untraced, when a walk first met it).
  public struct Object: Codable, Equatable, Sendable {
    /// `TypeName#n`.
    public var id: String
    /// The unqualified type name.
    public var type: String
    /// The scope its type declares: its name, e.g. `app`; `untraced` for an object
    /// of the workbook's or the learner's own types that stores no ``Lifetime`` token.
    public var scope: String

    /// Creates an object's entry.
    public init(id: String, type: String, scope: String) {
      self.id = id
      self.type = type
      self.scope = scope
    }
  }

  /// A stored reference between two walked objects.
  public struct Edge: Codable, Hashable, Sendable {
    /// The holder's id.
    public var from: String
    /// The held object's id.
    public var to: String
    /// The holder's stored property name.
    public var label: String
    /// `weak` or `unowned` for a reference that keeps nothing alive; absent (`nil`) for a strong
    /// one.
    public var ownership: ReferenceOwnership? = nil
    /// `closure` when the property holds a closure that captured the object (the label names
    /// the closure's place); absent (`nil`) for a reference the property stores itself.
    public var via: String? = nil

    /// Whether this reference keeps its target alive.
    public var holds: Bool { ownership == nil }

    /// Whether a closure stored in the property captured the object.
    public var isCapture: Bool { via == Self.closure }

    /// Where the reference is, as findings name it: `Cell#1.onTap`, or `the closure in
    /// Cell#1.onTap` for what that closure captured.
    public var place: String {
      ObjectGraph.Link.place(holder: from, label: label, isCapture: isCapture)
    }

    /// The label as the pictures write it: `onTap (captured)`, `parent (weak)`.
    public var shownLabel: String {
      label + (isCapture ? " (captured)" : "") + (ownership.map { " (\($0.rawValue))" } ?? "")
    }

    /// What ``via`` says of a closure's capture.
    public static let closure = "closure"

    /// Creates a reference; `ownership` is `nil` for a strong one; `via` is ``closure`` for what
    /// a closure stored in the property captured.
    public init(
      from: String, to: String, label: String, ownership: ReferenceOwnership? = nil,
      via: String? = nil
    ) {
      self.from = from
      self.to = to
      self.label = label
      self.ownership = ownership
      self.via = via
    }
  }

  /// Something a reader should look at: `stale`, `captive`, `leak`, `torn` or `untraced`.
  public struct Finding: Codable, Hashable, Sendable {
    /// `stale`: alive after its scope ended. `captive`: a longer-lived object keeps a
    /// shorter-lived one past its scope. `leak`: alive after quit and not held by a global.
    /// `torn`: a second live instance of a type whose scope holds one. `untraced`: an object of
    /// the workbook's or the learner's own type with no ``Lifetime`` token, so its scope is
    /// unknown (the detail names the declaration to add).
    public var kind: Kind
    /// The id of the object the finding is about.
    public var object: String
    /// One sentence for a reader.
    public var detail: String
    /// For `untraced`, the declaration that gives the object a ``Lifetime`` token (the detail
    /// names it too); `nil` for every other kind, and absent from the JSON then.
    public var declaration: String? = nil

    /// What a finding says of its object; in the JSON, its raw value.
    public enum Kind: String, Codable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
      case stale, captive, leak, torn, untraced

      /// The kind as the trace prints it: `stale`.
      public var description: String { rawValue }
    }
  }

  /// A named entry point of the live graph.
  public struct Root: Codable, Equatable, Sendable {
    /// A property of the app object, or a global's name.
    public var label: String
    /// The id of the object it refers to.
    public var object: String
    /// Whether this is a declared global.
    public var global: Bool
  }

  /// Which containers and globals hold a live object directly; none means only screens (or
  /// other objects) hold it.
  public struct Holding: Codable, Equatable, Sendable {
    /// The live object's id.
    public var object: String
    /// Container ids, and `global Name` for a declared global.
    public var heldBy: [String]
  }

  /// One node of the live graph, as the text and picture formats draw it.
  public struct Node: Equatable, Sendable {
    /// `TypeName#n`, or the type name of an instance of a toolchain type.
    public var id: String
    /// The scope name (`untraced` for an object with no token), or `nil` for an instance of a
    /// toolchain type, which the walk does not go into.
    public var scope: String?
    /// Stored plain values, secrets redacted.
    public var fields: [ObjectGraph.Field]
    /// Stored references in property order.
    public var links: [Link]
    /// The shortest chain of stored strong references from a root that keeps it alive
    /// (`app.appContainer.signedInUserSession`), or `nil` when none does.
    public var path: String? = nil
  }

  /// A stored reference from a node to another node or to a closure.
  public struct Link: Equatable, Sendable {
    /// The property name.
    public var label: String
    /// The id of the node it refers to, or `nil` for a closure.
    public var to: String?
    /// The closure's type, for a closure.
    public var factory: String?
    /// Whether the reference keeps its target alive (`weak` and `unowned` do not).
    public var ownership: ReferenceOwnership = .strong
    /// Whether the closure stored in the property captured the target.
    public var captured = false
  }

  /// What the end of one story step looked like.
  public struct Step: Codable, Equatable, Sendable {
    /// The step's name, as the run recorded it (`launch`, `sign-out`).
    public var name: String
    /// What the app's screen shows at the end of the step.
    public var screen: String
    /// Ids created during the step, in creation order.
    public var created: [String]
    /// Ids deinitialised during the step, in creation order.
    public var released: [String]
    /// Ids alive at the end of the step, in creation order.
    public var live: [String]
    /// Where the walk of the live graph starts.
    public var roots: [Root]
    /// Every stored reference between live walked objects (traced or untraced).
    public var edges: [Edge]
    /// Stale, captive, leaked, torn and untraced objects.
    public var findings: [Finding]
    /// For each live object the walk reached, in creation order: which containers or globals
    /// hold it.
    public var holders: [Holding] = []
    /// The walked graph in depth-first order (not part of the JSON form).
    public var nodes: [Node] = []
    /// Whether the walk stopped at ``ObjectGraph/maximumObjects`` (not part of the JSON form).
    public var walkStopped = false
    /// How each live object the walk from the roots did not reach is kept alive (not part of
    /// the JSON form).
    public var loose: [LooseHolding] = []

    enum CodingKeys: String, CodingKey {
      case name, screen, created, released, live, roots, edges, findings, holders
    }

    /// Each flagged object's finding kinds in this step, in order, each kind once:
    /// `["stale", "captive"]`. What the pictures, the timeline and the page mark an object with.
    package var findingKinds: [String: [Finding.Kind]] {
      var kinds: [String: [Finding.Kind]] = [:]
      for finding in findings where !(kinds[finding.object] ?? []).contains(finding.kind) {
        kinds[finding.object, default: []].append(finding.kind)
      }
      return kinds
    }
  }
}
