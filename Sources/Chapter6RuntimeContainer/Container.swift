import ObjectTrace

/// A small runtime dependency container in the manner of Swinject: a factory registered per
/// type, resolved at run time, with object scopes and child containers.
///
/// Registration says how to make an object and how long it lives; `resolve` finds the
/// registration by the type's name, makes or reuses the object, and casts it back. A child
/// container resolves what it has no registration for from its parent. Nothing here is checked
/// by the compiler: a type never registered is found missing when it is first resolved.
///
/// This file is the container itself, to set beside Swinject's `resolve`; checking it at launch
/// is in `Container+Verify.swift`, replacing a registration in a test in
/// `Container+Override.swift`, and what only the workbook adds (the resolve counter, what the
/// trace reads) in `Container+Workbook.swift`.
@MainActor
public final class Container {
  let lifetime: Lifetime

  // MARK: - Object scopes

  /// How long a resolved object lives: one word in its registration.
  public enum ObjectScope: String, Sendable {
    /// A new object on every resolve (Swinject's `.transient`).
    case transient
    /// One object per resolution graph: what one outer `resolve` builds in this container shares
    /// it (Swinject's `.graph`, its default).
    case graph
    /// One object per container, kept in the container's cache as long as the container lives
    /// (Swinject's `.container`).
    case container
    /// One object for as long as something else holds it (Swinject's `.weak`).
    case weak
  }

  /// How to make one type's object, and how long it lives.
  struct Registration {
    let scope: ObjectScope
    let make: @MainActor (Container) -> Any
    var isOverride = false
    /// Resolves the registered type from a container: what ``Container/verify(children:)`` calls
    /// for each registration.
    let dryRun: @MainActor (Container) -> Any
  }

  /// A reference that does not keep its object alive: the cache of `.weak` objects.
  struct WeakReference {
    weak var object: AnyObject?
  }

  // Not private, the four below: verify() and override(_:scope:make:), each in a file of its
  // own (`Container+Verify.swift`, `Container+Override.swift`), read and replace them.

  // MARK: - What the container holds

  /// The container this one asks for what it has no registration for (`nil` for the app's); it
  /// does not keep it.
  let parent: WeakReference?
  /// The factories, by the name of the type they make.
  var registrations: [String: Registration] = [:]
  /// The `.container` objects made so far, by type name: the cache that keeps them alive.
  var instances: [String: AnyObject] = [:]
  /// The `.weak` objects made so far, by type name, while something else holds them.
  var weakInstances: [String: WeakReference] = [:]
  /// The types being resolved now, outermost first; the `.graph` objects of that resolve.
  private var resolving: [String] = []
  private var graphInstances: [String: Any] = [:]

  /// A container for `scope`, asking `parent` for what it cannot make itself.
  public init(scope: LifetimeScope = .app, parent: Container? = nil) {
    lifetime = Lifetime(of: Container.self, scope: scope, role: .container)
    self.parent = parent.map { WeakReference(object: $0) }
  }

  // MARK: - Registering

  /// Registers how to make `type`'s object: `make` is given this container to resolve what the
  /// object needs. Registering a type twice is a mistake the container stops at.
  public func register<Service>(
    _ type: Service.Type, scope: ObjectScope = .graph,
    make: @escaping @MainActor (Container) -> Service
  ) {
    let name = Self.name(of: type)
    precondition(
      registrations[name] == nil,
      "\(name) is registered twice in \(self): the second registration would replace the first")
    registrations[name] = Registration(
      scope: scope, make: make, dryRun: { $0.resolve(Service.self) })
  }

  /// Registers an object made elsewhere (a session, at sign-in): only this container's cache holds it.
  public func register<Service: AnyObject>(_ type: Service.Type, instance: Service) {
    register(type, scope: .container) { [unowned instance] _ in instance }
    instances[Self.name(of: type)] = instance
  }

  // MARK: - Resolving

  /// The object for `type`: made, or reused as its registration's scope says. A type with no
  /// registration here or in a parent stops the app with a message naming it.
  public func resolve<Service>(_ type: Service.Type) -> Service {
    Self.resolveCounter?.add()
    return Self.$resolvingFrom.withValue(Self.resolvingFrom ?? self) {
      do {
        return try resolution(of: type)
      } catch {
        fatalError((Self.dryRun.map { "verify(): \($0): " } ?? "") + "\(error)" + neededBy)
      }
    }
  }

  /// What ``resolve(_:)`` resolves, or why it cannot.
  public func resolution<Service>(of type: Service.Type) throws(ResolutionError) -> Service {
    let name = Self.name(of: type)
    guard let registration = registrations[name] else {
      guard let parent = parent?.object as? Container else {
        throw ResolutionError.notRegistered(name, in: description, parentGone: self.parent != nil)
      }
      do {
        return try parent.resolution(of: type)
      } catch {
        // Named from where the resolve began: the container the code asked.
        guard case .notRegistered(_, _, let parentGone) = error else { throw error }
        throw .notRegistered(name, in: description, parentGone: parentGone)
      }
    }
    guard !resolving.contains(name) else {
      throw ResolutionError.cycle((resolving + [name]).drop { $0 != name }.joined(separator: " → "))
    }
    if let object = cached(name, registration.scope), let service = object as? Service {
      return service
    }
    resolving.append(name)
    let object = registration.make(self)
    resolving.removeLast()
    switch registration.scope {
    case .transient: break
    case .graph: graphInstances[name] = object
    case .container: instances[name] = object as AnyObject
    case .weak: weakInstances[name] = WeakReference(object: object as AnyObject)
    }
    if resolving.isEmpty { graphInstances = [:] }
    guard let service = object as? Service else {
      throw ResolutionError.wrongType(name, made: "\(Swift.type(of: object))")
    }
    return service
  }

  /// The object `scope` keeps for the type named `name`, if there is one.
  private func cached(_ name: String, _ scope: ObjectScope) -> Any? {
    switch scope {
    case .transient: nil
    case .graph: graphInstances[name]
    case .container: instances[name]
    case .weak: weakInstances[name]?.object
    }
  }

  /// `, needed by PickMeUpViewModel's registration` when the resolve that failed was asked for by
  /// a registration inside another one (a dry run names only the outermost); empty otherwise.
  private var neededBy: String {
    resolving.count > 1 ? ", needed by \(resolving[resolving.count - 1])'s registration" : ""
  }

  /// A type's name as the container keys it: `MainViewModel`, `UserSessionRepository`. Two types
  /// of one name in different modules would share a key: the container is for one app's types.
  static func name<Service>(of type: Service.Type) -> String {
    let name = String(describing: type)
    return name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
  }
}

/// Why a container cannot resolve a type: said in one line, naming the types involved.
public enum ResolutionError: Error, Equatable, CustomStringConvertible {
  /// No registration for the type in the container or its parents.
  case notRegistered(String, in: String, parentGone: Bool)
  /// Resolving the type needs the type itself, through the chain shown.
  case cycle(String)
  /// The registration made an object of another type.
  case wrongType(String, made: String)

  public var description: String {
    switch self {
    case .notRegistered(let type, let container, let parentGone):
      "no registration for \(type) in \(container)"
        + (parentGone ? ", and its parent container has been released" : " or its parents")
    case .cycle(let chain):
      "a cycle of registrations: \(chain)"
    case .wrongType(let type, let made):
      "the registration for \(type) made a \(made)"
    }
  }
}
