import ObjectTrace

/// A small runtime dependency container in the manner of Swinject: a factory registered per
/// type, resolved at run time, with object scopes and child containers.
///
/// Registration says how to make an object and how long it lives; `resolve` finds the
/// registration by the type's name, makes or reuses the object, and casts it back. A child
/// container resolves what it has no registration for from its parent. Nothing here is checked
/// by the compiler: a type never registered is found missing when it is first resolved.
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

  // MARK: - What the container holds

  /// The container this one asks for what it has no registration for (`nil` for the app's); it
  /// does not keep it.
  private let parent: WeakReference?
  /// The factories, by the name of the type they make.
  private var registrations: [String: Registration] = [:]
  /// The `.container` objects made so far, by type name: the cache that keeps them alive.
  private var instances: [String: AnyObject] = [:]
  /// The `.weak` objects made so far, by type name, while something else holds them.
  private var weakInstances: [String: WeakReference] = [:]
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
        fatalError((Self.dryRun.map { "verify(): \($0): " } ?? "") + "\(error)")
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

  /// A type's name as the container keys it: `MainViewModel`, `UserSessionRepository`. Two types
  /// of one name in different modules would share a key: the container is for one app's types.
  static func name<Service>(of type: Service.Type) -> String {
    let name = String(describing: type)
    return name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
  }
}

extension Container {
  /// Counts the resolves made while it is the task's ``resolveCounter`` (a child passing a
  /// resolve on to its parent is not counted again): what `chapter6 --cost` counts.
  @MainActor public final class ResolveCounter {
    /// The resolves counted so far.
    public private(set) var count = 0

    /// A counter at zero.
    public init() {}

    func add() { count += 1 }
  }

  /// The counter of the resolves this task makes, if it set one: a task-local, so that two
  /// stories played at once (two tests) never count each other's resolves.
  @TaskLocal public static var resolveCounter: ResolveCounter?

  /// The container the outermost resolve running now began in: what ``Injected`` resolves from.
  @TaskLocal static var resolvingFrom: Container?
}

extension Container: CustomStringConvertible {
  /// `Container#2 (signed-in)`: the id the trace gives it, and its scope.
  public nonisolated var description: String {
    "\(lifetime.record?.id ?? "Container") (\(lifetime.record?.scope.name ?? "untraced"))"
  }
}

// MARK: - Verifying

extension Container {
  /// A child container's registrations, as ``verify(children:)`` dry-runs them: the scope the
  /// child is made with, and what fills it.
  public struct ChildAssembly {
    /// The child container's scope.
    public let scope: LifetimeScope
    /// Registers the child's objects in it.
    public let register: @MainActor (Container) -> Void
    /// What the child's screens ask of it later, through their view-model factories
    /// (`makeProfileViewModel()`), which no registration asks for: the dry run asks it too.
    public let asks: @MainActor (Container) -> Void

    /// A child of `scope`, filled by `register`, whose screens will ask what `asks` asks.
    public init(
      scope: LifetimeScope, register: @escaping @MainActor (Container) -> Void,
      asks: @escaping @MainActor (Container) -> Void = { _ in }
    ) {
      self.scope = scope
      self.register = register
      self.asks = asks
    }
  }

  /// Builds every registration once before the app resolves anything: this container's, and
  /// each child's in a child container made for the dry run, whose parent is this container's
  /// copy. Returns the mistakes found, in registration-name order; none for a correct assembly.
  ///
  /// A container that caches (`.container`) an object whose own scope, read from its
  /// ``Lifetime`` token, is shorter than the container's is a captive: found here, at launch,
  /// where the story shows it only after the scope ends. One that keeps its container by a chain
  /// of strong references (a screen whose view-model factory is the container caching it) forms
  /// a cycle with it that nothing would release. A registration that resolves a type no
  /// container registers (or that a child's screens will ask for, ``ChildAssembly/asks``) stops
  /// the app here, naming both: the dry run cannot make the object
  /// without it, as the app could not at sign-up. Simple Injector's `Verify()` likewise builds
  /// every registration once; .NET's `ValidateOnBuild` checks at start-up that each can be built.
  ///
  /// The dry run's objects and containers are made in a registry of their own and counted by no
  /// ``resolveCounter``: the trace never sees them, and they are released when it ends. Its
  /// containers get the ids the story's first containers of their scopes get: the copy of the app
  /// container is `Container#1 (app)`, the first child `Container#2`. One of its objects still
  /// alive once the dry run has let go of everything is kept by something outside the
  /// containers (a `static`, a global, an object of the app), which the app would then use in
  /// place of its own: refused as well, so that nothing the dry run makes escapes every trace.
  public func verify(children: [ChildAssembly] = []) -> [VerificationProblem] {
    precondition(parent == nil, "verify() runs on the app's container, the root of the others")
    let registry = LifetimeRegistry()
    let makers = DryRunMakers()
    // Counted by no counter, and outside any resolve that is running (`@Injected` in the dry run
    // resolves from the dry run's containers).
    var problems = Self.$resolveCounter.withValue(nil) {
      Self.$resolvingFrom.withValue(nil) {
        LifetimeRegistry.$current.withValue(registry) {
          let copy = Container(scope: scope, parent: nil)
          copy.registrations = registrations
          var problems = copy.dryRunEachRegistration(makers: makers)
          for child in children {
            let trial = Container(scope: child.scope, parent: copy)
            child.register(trial)
            problems += trial.dryRunEachRegistration(makers: makers)
            Self.$dryRun.withValue(
              "what the \(child.scope.name) screens ask of \(trial.description)"
            ) { child.asks(trial) }
            trial.emptyTheCaches()
          }
          copy.emptyTheCaches()
          return problems
        }
      }
    }
    // The dry run's containers and what they made are let go by now.
    for record in registry.alive where record.role != .container {
      problems.append(
        .outlivesTheDryRun(record.id, madeBy: makers.registration(of: record) ?? "the dry run"))
    }
    return problems
  }

  /// Which registration's dry run made each object, by its record's index: what a refusal of an
  /// object that outlived the dry run names.
  private final class DryRunMakers {
    private var byIndex: [Int: String] = [:]

    func note(_ records: ArraySlice<LifetimeRegistry.Record>, madeBy registration: String) {
      for record in records where byIndex[record.index] == nil {
        byIndex[record.index] = registration
      }
    }

    func registration(of record: LifetimeRegistry.Record) -> String? { byIndex[record.index] }
  }

  /// This container's scope, as its token declares it.
  private var scope: LifetimeScope { lifetime.record?.scope ?? .untraced }

  /// Resolves each registration once, and judges what the cache would keep.
  private func dryRunEachRegistration(makers: DryRunMakers) -> [VerificationProblem] {
    var problems: [VerificationProblem] = []
    for (name, registration) in registrations.sorted(by: { $0.key < $1.key }) {
      let made = LifetimeRegistry.current?.records.count ?? 0
      let object = Self.$dryRun.withValue("\(name)'s registration in \(description)") {
        registration.dryRun(self)
      }
      makers.note(
        LifetimeRegistry.current?.records.dropFirst(made) ?? [],
        madeBy: "\(name)'s registration in \(description)")
      guard registration.scope == .container else { continue }
      // What the cache would keep: the object, and what it holds.
      let graph = ObjectGraph(
        roots: [(name, object as AnyObject, false)], registry: nil, objectLimit: 200)
      // The cache would keep it for as long as this container lives: a captive when this
      // container's scope outlives the object's.
      if let objectScope = graph.nodes.first?.record?.scope, scope.outlives(objectScope) {
        problems.append(
          .captive(name, scope: objectScope.name, in: description, containerScope: scope.name))
      }
      let container = Unmanaged.passUnretained(self as AnyObject).toOpaque()
      if let key = graph.nodes.firstIndex(where: { $0.unretained.toOpaque() == container }),
        let path = graph.retentionPath(to: key)
      {
        problems.append(.keepsItsContainer(name, in: description, through: path))
      }
    }
    return problems
  }

  /// Lets go of what the dry run cached, so that an object that keeps its container (a cycle
  /// through the cache) is released with the rest.
  private func emptyTheCaches() {
    instances.removeAll()
    weakInstances.removeAll()
  }

  /// The registration being dry-run, and the container it is in: what a resolve that fails
  /// during ``verify(children:)`` names before its own message.
  @TaskLocal static var dryRun: String?
}

/// A mistake ``Container/verify(children:)`` finds before the app resolves anything.
public enum VerificationProblem: Equatable, Sendable, CustomStringConvertible {
  /// A container caches, with `.container`, an object of a shorter scope than its own: the type,
  /// the object's scope, the container, the container's scope.
  case captive(String, scope: String, in: String, containerScope: String)
  /// A container caches, with `.container`, an object that keeps that container by a chain of
  /// strong references: the type, the container, the chain (`ProfileViewController.viewModel…`).
  case keepsItsContainer(String, in: String, through: String)
  /// An object the dry run made is alive after it: something outside the containers keeps it (a
  /// `static`, a global). The object's id in the dry run, the registration that made it.
  case outlivesTheDryRun(String, madeBy: String)

  public var description: String {
    switch self {
    case .captive(let type, let scope, let container, let containerScope):
      "\(container) caches \(type) (.container), a \(scope) object: it would keep it after the "
        + "\(scope) scope ends, for as long as the \(containerScope) scope lasts (a captive)"
    case .keepsItsContainer(let type, let container, let path):
      "\(container) caches \(type) (.container), which keeps the container itself through "
        + "\(path): the two hold each other, and neither is released when the scope ends "
        + "(a cycle)"
    case .outlivesTheDryRun(let object, let registration):
      "\(object), made by the dry run of \(registration), is still alive after it: no container "
        + "holds it, so a `static`, a global or an object outside the containers keeps it, and "
        + "the app would use that one object instead of making its own (keep objects in the "
        + "container's cache, with a scope word, not in a `static`)"
    }
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

extension Container.Registration: CustomReflectable {
  /// Its factory under its scope word, as one entry (`[.container]`): what the trace prints, so
  /// that a wrong word is seen beside its type before any step goes wrong
  /// (`registrations[SignedInViewModel][.container]: ƒ …`).
  var customMirror: Mirror {
    Mirror(
      self,
      children: [
        (label: nil, value: ("." + scope.rawValue + (isOverride ? ", overridden" : ""), make))
      ],
      displayStyle: .dictionary)
  }
}

// MARK: - Tests and previews

extension Container {
  /// Replaces the registration of `type` that this container's assembly made, in a test or a
  /// preview: a fake remote API, a screen built alone. Unlike a second ``register(_:scope:make:)``,
  /// which stops the app, it says it means to replace (Swinject's tests register again in a
  /// container made for the test; Factory's call `register` on the factory). The trace marks it:
  /// `registrations[AuthRemoteAPI][.graph, overridden]`. Overriding a type this container does
  /// not register is a mistake the container stops at.
  public func override<Service>(
    _ type: Service.Type, scope: ObjectScope = .graph,
    make: @escaping @MainActor (Container) -> Service
  ) {
    let name = Self.name(of: type)
    precondition(
      registrations[name] != nil,
      "\(name) is not registered in \(self): there is nothing to override")
    registrations[name] = Registration(
      scope: scope, make: make, isOverride: true, dryRun: { $0.resolve(Service.self) })
    instances[name] = nil
    weakInstances[name] = nil
  }
}

/// Why an app's registrations were refused at launch: what ``Container/verify(children:)``
/// found, in one line, with the next step when there is one.
public struct VerificationRefusal: Error, CustomStringConvertible {
  /// What was found.
  public let problems: [VerificationProblem]
  /// What to do next, said after the problems (`nil`: nothing).
  public let nextStep: String?

  /// A refusal for `problems`, ending with `nextStep`.
  public init(problems: [VerificationProblem], nextStep: String? = nil) {
    self.problems = problems
    self.nextStep = nextStep
  }

  public var description: String {
    "verify() refused the registrations at launch: "
      + problems.map(\.description).joined(separator: "; ") + (nextStep.map { "; \($0)" } ?? "")
  }
}
