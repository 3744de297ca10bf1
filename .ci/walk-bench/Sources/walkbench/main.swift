// Times, in one run, the tracer's walk and a bare Mirror walk over the same trees of plain
// objects (no tokens: the library's case), at 1,000, 10,000 and 100,000 objects. Prints times:
// this is the cost view, and the only output of the workbook that does.
import ObjectTrace

/// A node of a tree: children held strongly, the parent weakly, two plain values.
final class Node {
  let name: String
  let weight: Int
  var children: [Node] = []
  weak var parent: Node?

  init(name: String, weight: Int) {
    self.name = name
    self.weight = weight
  }
}

/// A tree of `count` nodes, four children each, breadth first (depth about log4 of `count`).
func makeTree(_ count: Int) -> Node {
  let root = Node(name: "n0", weight: 0)
  var queue = [root]
  var next = 0
  var made = 1
  while made < count {
    let parent = queue[next]
    next += 1
    for _ in 0..<4 where made < count {
      let child = Node(name: "n\(made)", weight: made)
      child.parent = parent
      parent.children.append(child)
      queue.append(child)
      made += 1
    }
  }
  return root
}

/// The least any reflection walk does: every object reachable through stored properties (into
/// optionals, collections and structs), counted once.
func bareWalk(_ root: AnyObject) -> Int {
  var seen = Set<ObjectIdentifier>()
  var pending: [AnyObject] = [root]
  while let object = pending.popLast() {
    guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
    for child in Mirror(reflecting: object).children { collect(child.value, into: &pending) }
  }
  return seen.count
}

func collect(_ value: Any, into pending: inout [AnyObject]) {
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .class: pending.append(value as AnyObject)
  case .optional, .collection, .struct, .tuple, .enum, .set, .dictionary:
    for child in mirror.children { collect(child.value, into: &pending) }
  default: break
  }
}

/// `value` with two decimals.
func fixed(_ value: Double) -> String {
  let hundredths = Int((value * 100).rounded())
  let cents = hundredths % 100
  return "\(hundredths / 100)." + (cents < 10 ? "0" : "") + "\(cents)"
}

/// `text` right-aligned in `width` columns.
func pad(_ text: String, _ width: Int) -> String {
  String(repeating: " ", count: max(0, width - text.count)) + text
}

/// The median of `runs` timings of `work`, in seconds, after one run that is not timed.
func median(_ runs: Int, _ work: () -> Int) -> (seconds: Double, result: Int) {
  var times: [Double] = []
  var result = work()
  for _ in 0..<runs {
    let start = ContinuousClock.now
    result = work()
    let elapsed = ContinuousClock.now - start
    let (seconds, attoseconds) = elapsed.components
    times.append(Double(seconds) + Double(attoseconds) / 1e18)
  }
  return (times.sorted()[runs / 2], result)
}

print("walk cost per object (release build, medians; times vary, the ratio is the figure)")
print(" objects   bare walk   tracer's walk   ratio")
let counts = CommandLine.arguments.dropFirst().compactMap { Int($0) }
for count in counts.isEmpty ? [1_000, 10_000, 100_000, 1_000_000] : counts {
  let tree = makeTree(count)
  // Enough runs that a small tree's median is not one run's noise: 101 at 1,000, 5 at 100,000.
  let runs = max(5, min(101, 200_000 / count) | 1)
  let bare = median(runs) { bareWalk(tree) }
  let traced = median(runs) {
    ObjectGraph(
      roots: [("tree", tree, false)], registry: LifetimeRegistry(), objectLimit: count + 1
    ).nodes.count
  }
  precondition(bare.result == count && traced.result == count, "both walks see every node")
  let perBare = bare.seconds / Double(count) * 1e6
  let perTraced = traced.seconds / Double(count) * 1e6
  print(
    pad("\(count)", 8) + pad(fixed(perBare) + " µs", 12) + pad(fixed(perTraced) + " µs", 16)
      + pad(fixed(perTraced / perBare) + "×", 8))
}

// A check that finds one leak, as the trait makes it, per object of the app it walks: a screen
// kept at the bottom of the tree (the walk from the root, the chain named), and the tree let go
// of with a cycle back to its root (the walk from the survivor, the cycle named).
print("a LifetimeCheck that finds one leak, per object (release build, medians)")
print(" objects   chain named   cycle named")
for count in counts.isEmpty ? [1_000, 10_000, 100_000] : counts {
  let runs = max(5, min(101, 200_000 / count) | 1)
  let chain = median(runs) {
    let check = LifetimeCheck(objectLimit: count + 10)
    let app = makeTree(count)
    check.addRoot(app, named: "app")
    var deepest = app
    while let last = deepest.children.last { deepest = last }
    let screen = Node(name: "screen", weight: 0)
    deepest.children.append(screen)
    check.expectReleased(screen)
    let problems = check.check().problems
    precondition(problems.count == 1 && problems[0].message.contains("kept by app.children"))
    return problems.count
  }
  let cycle = median(runs) {
    // No root: the tree is held by nothing but its own cycle back to the root.
    let check = LifetimeCheck(objectLimit: count + 10)
    let root = makeTree(count)
    var deepest = root
    while let last = deepest.children.last { deepest = last }
    deepest.children.append(root)
    check.expectReleased(root)
    let problems = check.check().problems
    precondition(problems.count == 1 && problems[0].message.contains("a cycle of strong"))
    deepest.children.removeLast()
    return problems.count
  }
  print(
    pad("\(count)", 8) + pad(fixed(chain.seconds / Double(count) * 1e6) + " µs", 14)
      + pad(fixed(cycle.seconds / Double(count) * 1e6) + " µs", 14))
}

// What the trait adds to one test: a check of a 100-object app, as `.trackLifetimes` makes it
// (one look mid-test, then the one at the end that lets go of the root).
/// The body of a test: it makes the app, declares it, expects a screen released, looks once;
/// the screen goes unless `keepsIt` (then the look walks the app and names what keeps it).
func testBody(_ check: LifetimeCheck, keepsIt: Bool) -> Int {
  let app = makeTree(100)
  check.addRoot(app, named: "app")
  app.children.append(Node(name: "screen", weight: 0))
  check.expectReleased(keepsIt ? app.children[app.children.count - 1] : app.children.removeLast())
  return check.check().problems.count
}

for keepsIt in [false, true] {
  let time = median(101) {
    let check = LifetimeCheck()
    return testBody(check, keepsIt: keepsIt) + check.finish().problems.count
  }
  precondition(time.result == (keepsIt ? 1 : 0), "one problem exactly when the screen is kept")
  print(
    "a LifetimeCheck of a 100-object app, "
      + (keepsIt ? "screen kept (one walk, the problem and its picture): " : "screen released: ")
      + fixed(time.seconds * 1e3) + " ms")
}
