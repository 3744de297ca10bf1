/// How long an object is meant to live, named the way the app names its screens' lifetimes.
///
/// A scope with a larger `depth` is shorter-lived: `app` (depth 0) outlives every other scope.
/// The trace uses this to tell a stale object (alive after its scope ended) and a captive
/// dependency (a longer-lived object keeping a shorter-lived one).
public struct LifetimeScope: Sendable, Hashable, CustomStringConvertible {
  /// The scope's name as the trace prints it, e.g. `app` or `reader`.
  public let name: String
  /// 0 for the app scope; larger for scopes nested inside it.
  public let depth: Int

  /// Creates a scope with a name and a nesting depth.
  public init(name: String, depth: Int) {
    self.name = name
    self.depth = depth
  }

  /// One per app run: lives from launch to quit.
  public static let app = LifetimeScope(name: "app", depth: 0)

  /// The scope of an object that stores no ``Lifetime`` token: unknown to the trace, so such an
  /// object is never called stale, captive or torn (it can still leak).
  public static let untraced = LifetimeScope(name: "untraced", depth: 0)

  /// The scope's name.
  public var description: String { name }

  /// Whether an object of this scope lives longer than one of `other`: when it keeps such an
  /// object, that object is its captive. The one definition of a captive that the trace's
  /// findings, the test trait, chapter 6's `verify()` and the rules share.
  package func outlives(_ other: LifetimeScope) -> Bool { depth < other.depth }
}
