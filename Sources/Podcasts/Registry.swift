/// A runtime container, as Swinject's and Factory's are: one factory per type, and a scope that
/// says how long the registry keeps what the factory made.
public final class Registry {
  /// How long a registry keeps the object a registration made.
  public enum Scope: Sendable {
    /// Not at all: a new object at each `resolve` (Factory's default, `unique`).
    case unique
    /// As long as the registry lives: one object, held strongly.
    case cached
    /// While something else holds it: one object, held weakly (Swinject's `.weak`).
    case weak
  }

  /// The registry asked for a type this one does not register.
  let parent: Registry?
  private var factories: [String: (scope: Scope, make: () -> AnyObject)] = [:]
  /// The objects of `.cached` registrations, by type name.
  private(set) var instances: [String: AnyObject] = [:]
  /// The objects of `.weak` registrations, by type name.
  private var weakInstances: [String: WeakInstance] = [:]

  /// A registry of its own, or one under `parent` that asks it for what it does not register.
  public init(parent: Registry? = nil) {
    self.parent = parent
  }

  /// Registers `factory` for `type`, replacing an earlier registration and its object.
  public func register<Object: AnyObject>(
    _ type: Object.Type, scope: Scope = .unique, factory: @escaping () -> Object
  ) {
    let key = String(describing: type)
    factories[key] = (scope, factory)
    instances[key] = nil
    weakInstances[key] = nil
  }

  /// The object registered for `type`, here or in a parent; a missing registration stops the
  /// app, as Swinject's force-unwrapped `resolve` does.
  public func resolve<Object: AnyObject>(_ type: Object.Type) -> Object {
    let key = String(describing: type)
    guard let registration = factories[key] else {
      guard let parent else { fatalError("Registry: nothing registers \(key)") }
      return parent.resolve(type)
    }
    let object: AnyObject
    switch registration.scope {
    case .unique:
      object = registration.make()
    case .cached:
      object = instances[key] ?? registration.make()
      instances[key] = object
    case .weak:
      object = weakInstances[key]?.object ?? registration.make()
      weakInstances[key] = WeakInstance(object: object)
    }
    guard let resolved = object as? Object else {
      fatalError("Registry: the factory of \(key) made a \(Swift.type(of: object))")
    }
    return resolved
  }

  /// A `.weak` registration's object.
  private struct WeakInstance {
    weak var object: AnyObject?
  }
}
