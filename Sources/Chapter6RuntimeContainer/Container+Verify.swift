import Bilingual
import ObjectTrace

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
  /// without it, as the app could not at sign-up. A container that the app makes later, from an
  /// object a registration made (a ride request's, by the signed-in screens' maker), is checked
  /// the same way when that maker calls ``dryRunChild(of:_:)``. Simple Injector's `Verify()` likewise builds
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
    let dryRun = DryRun()
    // Counted by no counter, and outside any resolve that is running (`@Injected` in the dry run
    // resolves from the dry run's containers).
    Self.$resolveCounter.withValue(nil) {
      Self.$resolvingFrom.withValue(nil) {
        LifetimeRegistry.$current.withValue(registry) {
          Self.$running.withValue(dryRun) {
            self.checkNoClosureCapturesIt(dryRun)
            let copy = Container(scope: scope, parent: nil)
            copy.registrations = registrations
            copy.dryRunEachRegistration(dryRun)
            for child in children {
              copy.check(child, dryRun)
            }
            copy.letGoOfTheDryRun()
          }
        }
      }
    }
    // The dry run's containers and what they made are let go by now.
    for record in registry.alive where record.role != .container {
      dryRun.problems.append(
        .outlivesTheDryRun(
          record.id, madeBy: dryRun.registration(of: record) ?? "the dry run"))
    }
    return dryRun.problems
  }

  /// Checks, during ``verify(children:)``'s dry run, a child of `parent` that the app makes
  /// later from something a registration made: exercise 13's ride requests, each a child of the
  /// signed-in container made when the rider taps "Pick me up". The maker, made in the dry run,
  /// calls this, and `child` is filled and checked as each of `verify(children:)`'s children is,
  /// once per parent and scope. Outside a dry run it does nothing.
  public static func dryRunChild(of parent: Container, _ child: ChildAssembly) {
    guard let dryRun = running, dryRun.firstChild(of: parent, scope: child.scope) else { return }
    parent.check(child, dryRun)
  }

  /// What one ``verify(children:)`` finds as it goes, and which registration's dry run made each
  /// object, by its record's index: what a refusal of an object that outlived the dry run names.
  @MainActor private final class DryRun {
    var problems: [VerificationProblem] = []
    private var madeBy: [Int: String] = [:]
    private var children: Set<String> = []

    func note(_ records: ArraySlice<LifetimeRegistry.Record>, madeBy registration: String) {
      for record in records where madeBy[record.index] == nil {
        madeBy[record.index] = registration
      }
    }

    func registration(of record: LifetimeRegistry.Record) -> String? { madeBy[record.index] }

    /// Whether no child of `scope` of `parent` has been checked yet.
    func firstChild(of parent: Container, scope: LifetimeScope) -> Bool {
      children.insert("\(parent.description) \(scope.name)").inserted
    }
  }

  /// The dry run under way, while ``verify(children:)`` runs.
  @TaskLocal private static var running: DryRun?

  /// Makes a child of this container for `child`'s scope, fills it, dry-runs each of its
  /// registrations and asks what its screens will ask, then lets go of what it cached.
  private func check(_ child: ChildAssembly, _ dryRun: DryRun) {
    let trial = Container(scope: child.scope, parent: self)
    child.register(trial)
    trial.checkNoClosureCapturesIt(dryRun)
    trial.dryRunEachRegistration(dryRun)
    Self.$dryRun.withValue("what the \(child.scope.name) screens ask of \(trial.description)") {
      child.asks(trial)
    }
    trial.letGoOfTheDryRun()
  }

  /// This container's scope, as its token declares it.
  private var scope: LifetimeScope { lifetime.record?.scope ?? .untraced }

  /// Resolves each registration once, and judges what the cache would keep.
  private func dryRunEachRegistration(_ dryRun: DryRun) {
    for (name, registration) in registrations.sorted(by: { $0.key < $1.key }) {
      let made = LifetimeRegistry.current?.records.count ?? 0
      let object = Self.$dryRun.withValue("\(name)'s registration in \(description)") {
        registration.dryRun(self)
      }
      dryRun.note(
        LifetimeRegistry.current?.records.dropFirst(made) ?? [],
        madeBy: "\(name)'s registration in \(description)")
      guard registration.scope == .container else { continue }
      // What the cache would keep: the object, and what it holds.
      let graph = ObjectGraph(
        roots: [(name, object as AnyObject, false)], registry: nil, objectLimit: 200)
      // The cache would keep it for as long as this container lives: a captive when this
      // container's scope outlives the object's.
      if let objectScope = graph.nodes.first?.record?.scope, scope.outlives(objectScope) {
        dryRun.problems.append(
          .captive(name, scope: objectScope.name, in: description, containerScope: scope.name))
      }
      let container = Unmanaged.passUnretained(self as AnyObject).toOpaque()
      if let key = graph.nodes.firstIndex(where: { $0.unretained.toOpaque() == container }),
        let path = graph.retentionPath(to: key)
      {
        dryRun.problems.append(.keepsItsContainer(name, in: description, through: path))
      }
    }
  }

  /// Refuses a registration whose closure captures this container (`container.resolve` inside
  /// `register(in:)`'s closure, in place of the `resolver` it is given): the container would keep
  /// itself, and nothing would release its scope.
  private func checkNoClosureCapturesIt(_ dryRun: DryRun) {
    let graph = ObjectGraph(
      roots: [("container", self as AnyObject, false)], registry: nil, objectLimit: 200)
    guard let cycle = graph.shortestCycle(through: 0) else { return }
    // `Container#2.registrations[Checkout][.graph] (a closure)`: the type in the first brackets.
    let type = cycle.split(separator: "[").dropFirst().first?.prefix { $0 != "]" }
    dryRun.problems.append(
      .capturesItsContainer(type.map(String.init) ?? "a type", in: description, through: cycle))
  }

  /// Lets go of what the dry run cached and registered, so that an object that keeps its
  /// container (a cycle through the cache), or a closure that captures it, is released with the
  /// rest.
  private func letGoOfTheDryRun() {
    instances.removeAll()
    weakInstances.removeAll()
    registrations.removeAll()
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
  /// A registration's closure captures its own container strongly: the type, the container, the
  /// chain (`Container#2.registrations[Checkout][.graph] (a closure) → Container#2`).
  case capturesItsContainer(String, in: String, through: String)
  /// An object the dry run made is alive after it: something outside the containers keeps it (a
  /// `static`, a global). The object's id in the dry run, the registration that made it.
  case outlivesTheDryRun(String, madeBy: String)

  public var description: String { text.en }

  /// What was found, in English and in Korean.
  public var text: Localized {
    switch self {
    case .captive(let type, let scope, let container, let containerScope):
      Localized(
        en: "\(container) caches \(type) (.container), a \(scope) object: it would keep it after "
          + "the \(scope) scope ends, for as long as the \(containerScope) scope lasts (a captive); "
          + "fix: register \(type) in the \(scope) scope's child container",
        ko: "\(container, .subject) \(scope) 객체인 \(type, .object) `.container`로 캐시한다: "
          + "\(scope) 스코프가 끝난 뒤에도 \(containerScope) 스코프가 이어지는 동안 붙잡아 둔다"
          + "(captive). 고치려면 \(type, .object) \(scope) 스코프의 자식 컨테이너에 등록한다")
    case .keepsItsContainer(let type, let container, let path):
      Localized(
        en: "\(container) caches \(type) (.container), which keeps the container itself through "
          + "\(path): the two hold each other, and neither is released when the scope ends "
          + "(a cycle); fix: register \(type) `.transient`, so that no cache keeps it",
        ko: "\(container, .subject) \(type, .object) `.container`로 캐시하는데, \(type, .topic) "
          + "\(path, .object) 거쳐 그 컨테이너 자신을 붙잡는다: 둘이 서로를 붙잡으니 스코프가 끝나도 "
          + "어느 쪽도 해제되지 않는다(순환 참조). 고치려면 \(type, .object) `.transient`로 "
          + "등록해서 어떤 캐시도 붙잡지 않게 한다")
    case .capturesItsContainer(let type, let container, let path):
      Localized(
        en: "\(container)'s registration of \(type) captures the container itself in its "
          + "closure (\(path)): the container keeps itself, and is never released when its scope "
          + "ends (a cycle); fix: in that closure, use the `resolver` it is given, not the "
          + "container it captures",
        ko: "\(container)의 \(type) 등록 클로저가 그 컨테이너 자신을 캡처한다(\(path)): 컨테이너가 "
          + "자기 자신을 붙잡으니 스코프가 끝나도 해제되지 않는다(순환 참조). 고치려면 그 클로저에서 "
          + "캡처한 컨테이너가 아니라 클로저가 받는 `resolver`를 쓴다")
    case .outlivesTheDryRun(let object, let registration):
      Localized(
        en: "\(object), made by the dry run of \(registration), is still alive after it: no "
          + "container holds it, so a `static`, a global or an object outside the containers "
          + "keeps it, and the app would use that one object instead of making its own (keep "
          + "objects in the container's cache, with a scope word, not in a `static`)",
        ko: "드라이 런(\(registration))이 만든 \(object, .subject) 드라이 런이 끝난 뒤에도 살아 "
          + "있다: 어느 컨테이너도 붙잡지 않으니 `static`이나 전역 변수, 또는 컨테이너 밖의 객체가 "
          + "붙잡고 있고, 앱은 자기 객체를 만드는 대신 그 객체 하나를 쓰게 된다(객체는 `static`이 "
          + "아니라 스코프 낱말과 함께 컨테이너의 캐시에 둔다)")
    }
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

  /// The refusal in `language`, as an exercise's check shows it (the next step, which only
  /// `chapter6` gives, stays English).
  public func text(in language: Language) -> String {
    guard language == .korean else { return description }
    return "verify()가 앱을 시작할 때 등록을 거부했다: "
      + problems.map { $0.text.ko }.joined(separator: "; ") + (nextStep.map { "; \($0)" } ?? "")
  }
}
