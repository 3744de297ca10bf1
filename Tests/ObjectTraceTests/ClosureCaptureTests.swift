import Testing

@testable import ObjectTrace

/// A closure is a holder like any other: what its context captured strongly is an edge from the
/// closure's place, read from the runtime's capture descriptors; `[weak x]` and `[unowned x]`
/// hold nothing; what cannot be read is named, never guessed.
@Suite struct ClosureCaptureTests {
  // MARK: - A small shop app: not Koober

  final class ProductListScreen {
    var cells: [ProductCell] = []
    var observers: [() -> Void] = []
  }

  final class ProductCell {
    var onTap: () -> Void = {}
    var onLongPress: (() -> Void)?
    var actions: [String: () -> Void] = [:]
  }

  final class Cart {
    var items = 0
  }

  struct Settings {
    let cart: Cart
    let name: String
  }

  final class Shop {
    var list = ProductListScreen()
    var onChange: ((Int) -> String)?
  }

  /// The walk of `root`, in a registry of its own: objects get ids in the order the walk meets
  /// them.
  private func graph(of root: AnyObject) -> ObjectGraph {
    ObjectGraph(roots: [("root", root, false)], registry: LifetimeRegistry())
  }

  /// Each link out of the node with `id`, as `label→target`, marked `(captured)` and with its
  /// ownership when it is not strong.
  private func links(of id: String, in graph: ObjectGraph) throws -> [String] {
    let node = try #require(graph.nodes.first { $0.id == id })
    return node.links.compactMap { link in
      guard case .node(let target) = link.target else { return nil }
      return "\(link.label)→\(graph.nodes[target].id)" + (link.isCapture ? " (captured)" : "")
        + (link.ownership.holds ? "" : " \(link.ownership)")
    }
  }

  // MARK: - Strong captures

  /// The cell one object away from the root holds, in its `onTap`, a closure that captured the
  /// screen: the screen is held by that closure, and the chain runs through it.
  @Test func aClosureOneObjectAwayIsAnEdgeToWhatItCaptured() throws {
    let shop = Shop()
    let cell = ProductCell()
    let detail = ProductListScreen()
    cell.onTap = { [detail] in _ = detail.cells }
    shop.list.cells = [cell]
    let graph = graph(of: shop)
    #expect(try links(of: "ProductCell#1", in: graph) == ["onTap→ProductListScreen#2 (captured)"])
    let node = try #require(graph.nodes.firstIndex { $0.id == "ProductListScreen#2" })
    #expect(
      Findings.holders(of: node, in: graph)
        == "held by the closure in ProductCell#1.onTap (kept by root.list.cells[0].onTap)")
  }

  /// A chain that runs on past a closure's capture marks it where the tree does: what the
  /// captured screen holds is kept by `root.list.cells[0].onTap (captured).cells[0]`, not by a
  /// `cells` the cell's closure does not have.
  @Test func aChainThroughAClosureMarksTheCapture() throws {
    let shop = Shop()
    let cell = ProductCell()
    let detail = ProductListScreen()
    let inner = ProductCell()
    detail.cells = [inner]
    cell.onTap = { [detail] in _ = detail.cells }
    shop.list.cells = [cell]
    let graph = graph(of: shop)
    let node = try #require(graph.nodes.firstIndex { $0.id == "ProductCell#2" })
    #expect(graph.retentionPath(to: node) == "root.list.cells[0].onTap (captured).cells[0]")
  }

  /// Two captured objects, one of them a value that holds a class, and an integer between:
  /// each object is found at its own offset in the context.
  @Test func aContextOfSeveralCapturesIsReadCaptureByCapture() throws {
    let screen = ProductListScreen()
    let cell = ProductCell()
    let cart = Cart()
    let settings = Settings(cart: Cart(), name: "shop")
    let count = 3
    cell.onTap = { [screen, count, settings, cart] in
      _ = (screen.cells, count, settings.name, cart.items)
    }
    screen.cells = [cell]
    #expect(
      try links(of: "ProductCell#1", in: graph(of: screen)) == [
        "onTap→ProductListScreen#1 (captured)", "onTap→Cart#1 (captured)",
        "onTap→Cart#2 (captured)",
      ])
  }

  /// A closure in an optional, in an array, in a dictionary: each is read where it is stored.
  @Test func closuresInOptionalsArraysAndDictionariesAreRead() throws {
    let screen = ProductListScreen()
    let cell = ProductCell()
    let cart = Cart()
    cell.onLongPress = { [cart] in cart.items += 1 }
    cell.actions = ["share": { [screen] in _ = screen.cells }]
    screen.cells = [cell]
    screen.observers = [{ [cart] in cart.items += 1 }, { [cell] in cell.onTap() }]
    let graph = graph(of: screen)
    #expect(
      try links(of: "ProductListScreen#1", in: graph) == [
        "cells[0]→ProductCell#1", "observers[0]→Cart#1 (captured)",
        "observers[1]→ProductCell#1 (captured)",
      ])
    #expect(
      try links(of: "ProductCell#1", in: graph) == [
        "onLongPress→Cart#1 (captured)", "actions[share]→ProductListScreen#1 (captured)",
      ])
  }

  /// A captured `var` lives in a box the closure holds; a closure that captured another closure
  /// holds what that one captured.
  @Test func aCapturedVariableAndANestedClosureAreFollowed() throws {
    let screen = ProductListScreen()
    let cell = ProductCell()
    screen.cells = [cell]
    var favourite = Cart()
    cell.onTap = { favourite.items += 1 }
    let inner = { [screen] in _ = screen.cells }
    cell.onLongPress = { inner() }
    favourite = Cart()  // the box holds the variable's value now, not the first cart
    #expect(
      try links(of: "ProductCell#1", in: graph(of: screen)) == [
        "onTap→Cart#1 (captured)", "onLongPress→ProductListScreen#1 (captured)",
      ])
    #expect(favourite.items == 0)
  }

  /// A closure that captured its own owner is a cycle, named as one: the object's own closure,
  /// not a guess.
  @Test func aClosureThatCapturesItsOwnerIsACycle() throws {
    let check = LifetimeCheck()
    weak var kept: Shop?
    do {
      let shop = Shop()
      shop.onChange = { count in "\(shop.list.cells.count + count)" }
      check.expectReleased(shop)
      kept = shop
    }
    #expect(
      check.check().problems.map(\.message) == [
        """
        Shop#1 is still alive, and no root holds it; a cycle of strong references keeps it: \
        Shop#1.onChange (a closure) → Shop#1
        """
      ])
    kept?.onChange = nil  // the cycle broken: the test leaks nothing
  }

  /// A closure kept in a property of type `Any` (as Swinject keeps its factories), or made in a
  /// generic function that stores it as `(Int) -> Any`, is read all the same.
  @Test func aClosureStoredAsAnyOrThroughAGenericThunkIsRead() throws {
    final class Entry {
      var factory: Any = 0
      var make: (Int) -> Any = { $0 }
    }
    func store<Service>(_ make: @escaping (Int) -> Service, in entry: Entry) {
      entry.make = make
    }
    let entry = Entry()
    let cart = Cart()
    let other = Cart()
    entry.factory = { [cart] (count: Int) in cart.items + count }
    store({ [other] count in other.items + count }, in: entry)
    #expect(
      try links(of: "Entry#1", in: graph(of: entry)) == [
        "factory→Cart#1 (captured)", "make→Cart#2 (captured)",
      ])
  }

  /// `@Sendable` and `@MainActor` closures are closures like the others.
  @Test func sendableAndMainActorClosuresAreRead() throws {
    final class Box {
      var sendable: @Sendable () -> Void = {}
      var isolated: @MainActor () -> Void = {}
    }
    final class Token: Sendable {}
    let box = Box()
    let token = Token()
    let other = Token()
    box.sendable = { [token] in _ = token }
    box.isolated = { [other] in _ = other }
    #expect(
      try links(of: "Box#1", in: graph(of: box)) == [
        "sendable→Token#1 (captured)", "isolated→Token#2 (captured)",
      ])
  }

  // MARK: - What holds nothing

  /// `[weak x]` holds nothing, and is shown as weak while `x` lives; `[unowned x]` holds nothing
  /// either, and is shown as unowned (on Linux, where the runtime's reference is the object's
  /// address); `unowned(unsafe)` is never read.
  @Test func weakAndUnownedCapturesHoldNothing() throws {
    let screen = ProductListScreen()
    let cell = ProductCell()
    screen.cells = [cell]
    cell.onTap = { [weak screen] in _ = screen?.cells }
    cell.onLongPress = { [unowned screen] in _ = screen.cells }
    cell.actions = ["unsafe": { [unowned(unsafe) screen] in _ = screen.cells }]
    #if canImport(Darwin)
      let unowned: [String] = []
    #else
      let unowned = ["onLongPress→ProductListScreen#1 (captured) unowned"]
    #endif
    let found = try links(of: "ProductCell#1", in: graph(of: screen))
    #expect(found == ["onTap→ProductListScreen#1 (captured) weak"] + unowned)
    weak var released: Cart?
    do {
      let cart = Cart()
      released = cart
      cell.onTap = { [weak cart] in _ = cart?.items }
    }
    #expect(released == nil, "a weak capture keeps nothing alive")
    #expect(try links(of: "ProductCell#1", in: graph(of: screen)) == unowned)
  }

  /// An `unowned` capture whose object is gone is read as nothing: the runtime refuses to
  /// retain an object being released, and the walk never touches it.
  @Test func anUnownedCaptureOfAReleasedObjectIsNothing() throws {
    let cell = ProductCell()
    weak var released: Cart?
    do {
      let gone = Cart()
      released = gone
      cell.onTap = { [unowned gone] in _ = gone.items }
    }
    #expect(released == nil)
    #expect(try links(of: "ProductCell#1", in: graph(of: cell)).isEmpty)
  }

  // MARK: - What cannot be read, named

  /// A closure made in a generic function carries its captures' types as metadata of its own:
  /// not read, and said so by the closure's place. (A closure that captured one object alone
  /// uses that object as its context, generic or not, and is read.)
  @Test func aGenericClosuresCapturesAreNamedUnreadable() throws {
    func observe<Value: AnyObject>(_ value: Value, count: Int) -> () -> Void {
      { _ = (value, count) }
    }
    let cell = ProductCell()
    cell.onTap = observe(Cart(), count: 1)
    let graph = graph(of: cell)
    #expect(try links(of: "ProductCell#1", in: graph).isEmpty)
    #expect(graph.nodes[0].unreadableCaptures == ["onTap (a generic closure's captures)"])
  }

  /// A closure that captures itself (through the box of the variable that holds it), a C
  /// function and a closure that captures thousands of objects are each read or bounded: never
  /// a crash or a hang.
  @Test func selfCapturingCFunctionAndHugeCapturesAreBounded() throws {
    final class Holder {
      var recursive: (Int) -> Int = { $0 }
      var cFunction: @convention(c) (Int32) -> Int32 = { $0 }
      var many: () -> Void = {}
    }
    let holder = Holder()
    var countdown: ((Int) -> Int)!
    countdown = { $0 <= 0 ? 0 : countdown($0 - 1) }
    holder.recursive = countdown
    let carts = (0..<10_000).map { _ in Cart() }
    holder.many = { _ = carts.count }
    let graph = graph(of: holder)
    let links = try links(of: "Holder#1", in: graph)
    #expect(links.count == ObjectGraph.maximumElements)
    #expect(links.first == "many[0]→Cart#1 (captured)")
    #expect(links.last == "many[199]→Cart#200 (captured)")
    // A C function captures nothing; the array the closure captured is said to be read in part.
    #expect(
      graph.nodes[0].unreadableCaptures == [
        "many (only its first 200 of 10000 elements are walked)"
      ])
    #expect(holder.recursive(3) == 0)
    countdown = nil
  }
}
