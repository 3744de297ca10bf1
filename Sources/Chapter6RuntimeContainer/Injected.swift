/// Factory's `@Injected`, in this chapter's container: a stored property resolved once, when
/// the object that stores it is made.
///
/// Factory's resolves from `Container.shared`, the one container with every registration, at
/// that moment; this one resolves from the container the resolve that is making the object
/// began in, which sees its own registrations and its parents'. Either way the property keeps
/// what it got: in a long-lived object, a shorter-lived dependency it injects is kept past its
/// scope, a captive. Screens in this chapter never resolve; their factories are given what they
/// need.
@MainActor @propertyWrapper public struct Injected<Service> {
  /// The dependency, resolved when the object that stores it was made.
  public let wrappedValue: Service

  /// Resolves `type` now, from the container whose resolve is making the object; outside a
  /// registration's factory there is none, and the app stops, saying so.
  public init(_ type: Service.Type) {
    guard let container = Container.resolvingFrom else {
      preconditionFailure(
        "@Injected(\(type)) outside a registration's factory: no container is resolving")
    }
    wrappedValue = container.resolve(type)
  }
}
