import KooberStory
import ObjectTrace
import Testing

@testable import Chapter6RuntimeContainer
@testable import KooberKit

/// `verify(children:)` builds every registration once before the app resolves anything: the
/// mistakes it finds, named with their types and containers, and what it leaves alone.
@Suite @MainActor struct ContainerVerificationTests {
  /// An object of the signed-in scope, as its token declares.
  final class Cart {
    let lifetime = Lifetime(of: Cart.self, scope: .signedIn)
  }

  /// An object that needs a cart.
  final class Checkout {
    let cart: Cart
    init(cart: Cart) { self.cart = cart }
  }

  /// An object that needs a checkout, and so a cart.
  final class Buyer {
    let checkout: Checkout
    init(checkout: Checkout) { self.checkout = checkout }
  }

  /// Where a test keeps what the dry run made, without keeping it alive.
  final class Seen {
    weak var cart: Cart?
  }

  @Test func theChaptersOwnAssemblyVerifiesClean() {
    #expect(
      AppDelegate.verification(signedIn: KooberSignedInAssembly.register, alsoInApp: { _ in })
        .isEmpty)
  }

  /// The wrong container: the app container's cache would keep a signed-in object for as long as
  /// the app runs. Found from the object's own token, which says signed-in.
  @Test func aSessionObjectCachedInTheAppContainerIsACaptive() {
    let problems = LifetimeRegistry.$current.withValue(LifetimeRegistry()) {
      let app = Container()
      app.register(Cart.self, scope: .container) { _ in Cart() }
      return app.verify()
    }
    #expect(
      problems == [
        .captive("Cart", scope: "signed-in", in: "Container#1 (app)", containerScope: "app")
      ])
    #expect(
      problems.first?.description
        == """
        Container#1 (app) caches Cart (.container), a signed-in object: it would keep it \
        after the signed-in scope ends, for as long as the app scope lasts (a captive); fix: \
        register Cart in the signed-in scope's child container
        """)
  }

  /// A registration that keeps what it made in a `static`, outside every container: the dry run's
  /// object outlives the dry run, and the app would hand that one object to every session. No
  /// trace would ever see it (it was made in the dry run's registry), so `verify()` refuses it.
  @Test func anObjectTheDryRunMadeThatOutlivesItIsRefused() throws {
    enum Remembered {
      @MainActor static var cart: Cart?
    }
    let problems = LifetimeRegistry.$current.withValue(LifetimeRegistry()) {
      let app = Container()
      let signedIn = Container.ChildAssembly(scope: .signedIn) { child in
        child.register(Cart.self) { _ in
          if let cart = Remembered.cart { return cart }
          let cart = Cart()
          Remembered.cart = cart
          return cart
        }
      }
      return app.verify(children: [signedIn])
    }
    #expect(
      problems == [
        .outlivesTheDryRun("Cart#1", madeBy: "Cart's registration in Container#2 (signed-in)")
      ])
    #expect(
      problems.first?.description.hasPrefix(
        """
        Cart#1, made by the dry run of Cart's registration in Container#2 (signed-in), is still \
        alive after it: no container holds it, so a `static`
        """) == true)
    Remembered.cart = nil
  }

  /// The same object cached in its own scope's child container, or made anew at every resolve in
  /// the app's, is no captive.
  @Test func theRightContainerOrNoCacheIsNoCaptive() {
    LifetimeRegistry.$current.withValue(LifetimeRegistry()) {
      let app = Container()
      app.register(Cart.self, scope: .transient) { _ in Cart() }
      let signedIn = Container.ChildAssembly(scope: .signedIn) { child in
        child.register(Checkout.self, scope: .container) { resolver in
          Checkout(cart: resolver.resolve(Cart.self))
        }
      }
      #expect(app.verify(children: [signedIn]).isEmpty)
    }
  }

  /// The dry run is invisible to the story: its objects and containers are made in a registry of
  /// their own and released when it ends, and none of its resolves is counted.
  @Test func theDryRunLeavesNoTraceAndCountsNoResolve() {
    let registry = LifetimeRegistry()
    let resolves = Container.ResolveCounter()
    let seen = Seen()
    LifetimeRegistry.$current.withValue(registry) {
      Container.$resolveCounter.withValue(resolves) {
        let app = Container()
        app.register(Cart.self, scope: .graph) { _ in
          let cart = Cart()
          seen.cart = cart
          return cart
        }
        #expect(app.verify().isEmpty)
        #expect(seen.cart == nil)
      }
    }
    #expect(registry.records.map(\.typeName) == ["Container"])
    #expect(resolves.count == 0)
  }

  /// A registration that needs a type no container registers stops the app in the dry run, at
  /// launch, naming the registration, the type and the container.
  @Test func aMissingRegistrationStopsTheDryRunNamingTheRegistration() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          LifetimeRegistry.$current.withValue(LifetimeRegistry()) {
            let app = Container()
            app.register(Checkout.self) { resolver in Checkout(cart: resolver.resolve(Cart.self)) }
            _ = app.verify()
          }
        }
      })
    let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(
      errors.contains(
        """
        Fatal error: verify(): Checkout's registration in Container#1 (app): no registration for \
        Cart in Container#1 (app) or its parents
        """))
  }

  /// A registration two levels down that needs a type no container registers: the dry run began
  /// with the outer one (`Buyer` sorts first), so the line names the registration that asked too.
  @Test func aMissingRegistrationInsideAnotherNamesTheOneThatAsked() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          LifetimeRegistry.$current.withValue(LifetimeRegistry()) {
            let app = Container()
            app.register(Buyer.self) { resolver in Buyer(checkout: resolver.resolve(Checkout.self))
            }
            app.register(Checkout.self) { resolver in Checkout(cart: resolver.resolve(Cart.self)) }
            _ = app.verify()
          }
        }
      })
    let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(
      errors.contains(
        """
        Fatal error: verify(): Buyer's registration in Container#1 (app): no registration for \
        Cart in Container#1 (app) or its parents, needed by Checkout's registration
        """))
  }

  /// A screen that keeps, as its factory, the container that caches it.
  final class Screen {
    let lifetime = Lifetime(of: Screen.self, scope: .signedIn)
    let factory: Container
    init(factory: Container) { self.factory = factory }
  }

  /// Where a test keeps a screen the dry run made, without keeping it alive.
  final class SeenScreen {
    weak var screen: Screen?
  }

  /// A screen cached `.container` in the container it keeps: the two hold each other, and
  /// nothing would release them. Found at launch, with the chain; and the dry run's own copies
  /// are let go, the cycle broken by emptying its caches.
  @Test func aScreenThatKeepsTheContainerCachingItIsACycle() {
    let seen = SeenScreen()
    let problems = LifetimeRegistry.$current.withValue(LifetimeRegistry()) {
      let signedIn = Container.ChildAssembly(scope: .signedIn) { child in
        child.register(Screen.self, scope: .container) { resolver in
          let screen = Screen(factory: resolver)
          seen.screen = screen
          return screen
        }
      }
      return Container().verify(children: [signedIn])
    }
    #expect(
      problems == [
        .keepsItsContainer("Screen", in: "Container#2 (signed-in)", through: "Screen.factory")
      ])
    #expect(
      problems.first?.description
        == """
        Container#2 (signed-in) caches Screen (.container), which keeps the container itself \
        through Screen.factory: the two hold each other, and neither is released when the \
        scope ends (a cycle); fix: register Screen `.transient`, so that no cache keeps it
        """)
    #expect(seen.screen == nil)
  }

  /// A registration whose closure calls the container it captured, in place of the `resolver`
  /// it is given: the container keeps itself, whatever the scope word. Refused at launch, in the
  /// child the app makes later, naming the registration and the chain (en, ko).
  @Test func aRegistrationThatCapturesItsOwnContainerIsACycle() throws {
    final class Cart {
      let lifetime = Lifetime(of: Cart.self, scope: .signedIn)
    }
    final class Checkout {
      let lifetime = Lifetime(of: Checkout.self, scope: .signedIn)
      let cart: Cart
      init(cart: Cart) { self.cart = cart }
    }
    let problems = LifetimeRegistry.$current.withValue(LifetimeRegistry()) {
      let signedIn = Container.ChildAssembly(scope: .signedIn) { container in
        container.register(Cart.self, scope: .container) { _ in Cart() }
        container.register(Checkout.self) { _ in Checkout(cart: container.resolve(Cart.self)) }
      }
      return Container().verify(children: [signedIn])
    }
    #expect(problems.count == 1)
    let problem = try #require(problems.first)
    #expect(
      problem.description.hasPrefix(
        "Container#2 (signed-in)'s registration of Checkout captures the container itself in its "
          + "closure (Container#2.registrations[Checkout][.graph] (a closure) → Container#2): "),
      "\(problems)")
    #expect(
      problem.description.hasSuffix(
        "fix: in that closure, use the `resolver` it is given, not the container it captures"))
    #expect(problem.text.ko.hasPrefix("Container#2 (signed-in)의 Checkout 등록 클로저가"))
  }

  /// The same in the app's container: an app-scoped screen cached `.container` there, whose
  /// factory is that container. Refused, and the dry run's cycle is broken: its copy is released.
  @Test func anAppScreenThatKeepsTheAppContainerIsACycleTheDryRunReleases() {
    final class AppScreen {
      let lifetime = Lifetime(of: AppScreen.self, scope: .app)
      let factory: Container
      init(factory: Container) { self.factory = factory }
    }
    final class Seen {
      weak var screen: AppScreen?
    }
    let seen = Seen()
    let problems = LifetimeRegistry.$current.withValue(LifetimeRegistry()) {
      let app = Container()
      app.register(AppScreen.self, scope: .container) { resolver in
        let screen = AppScreen(factory: resolver)
        seen.screen = screen
        return screen
      }
      return app.verify()
    }
    #expect(
      problems == [
        .keepsItsContainer("AppScreen", in: "Container#1 (app)", through: "AppScreen.factory")
      ])
    #expect(seen.screen == nil, "the dry run's screen, and its copy of the container, are released")
  }

  /// What a child's screens will ask of it later, through their view-model factories, no
  /// registration asks for: the dry run asks it too, and a missing one stops the app at launch.
  @Test func whatTheScreensWillAskForIsAskedInTheDryRun() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          LifetimeRegistry.$current.withValue(LifetimeRegistry()) {
            let signedIn = Container.ChildAssembly(
              scope: .signedIn, register: { _ in }, asks: { _ = $0.resolve(Cart.self) })
            _ = Container().verify(children: [signedIn])
          }
        }
      })
    let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(
      errors.contains(
        """
        verify(): what the signed-in screens ask of Container#2 (signed-in): no registration \
        for Cart in Container#2 (signed-in) or its parents
        """))
  }
}
