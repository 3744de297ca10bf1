/// A token a traced object stores, so the trace sees the object's creation and its release.
///
/// Store one as the object's first property:
///
/// ```swift
/// let lifetime = Lifetime(of: MainViewModel.self)
/// ```
///
/// The token registers with ``LifetimeRegistry/current`` when the object is created and tells the
/// registry from its own `deinit`, which runs exactly when the object that stores it is
/// deinitialised. Outside a traced run it does nothing.
public final class Lifetime: Sendable {
  /// What the registry knows about the owner; `nil` when created outside a traced run.
  public let record: LifetimeRegistry.Record?
  private let registry: LifetimeRegistry?

  /// What part an object plays in its scope, as its type declares it.
  public enum Role: String, Sendable, Hashable {
    /// Any object.
    case object
    /// The screen whose presence is the scope, e.g. the onboarding screen.
    case scopeScreen
    /// A dependency container: the trace lists what each container holds.
    case container
  }

  /// Registers a new object of `type`, living in `scope`, playing `role`.
  /// - Parameters:
  ///   - type: the class that stores this token, `Self.self` as a rule.
  ///   - scope: how long it is meant to live (the app's whole run by default).
  ///   - role: a container or a plain object.
  ///   - onePerScope: whether its scope holds exactly one of it (the app's one
  ///     `MainViewModel`); two alive at once are reported as `torn`.
  public init<Owner: AnyObject>(
    of type: Owner.Type, scope: LifetimeScope = .app, role: Role = .object,
    onePerScope: Bool = false
  ) {
    let registry = LifetimeRegistry.current
    self.registry = registry
    self.record = registry?.register(
      typeName: ObjectGraph.describe(type), scope: scope, role: role, onePerScope: onePerScope)
  }

  deinit {
    if let record { registry?.release(record.index) }
  }
}
