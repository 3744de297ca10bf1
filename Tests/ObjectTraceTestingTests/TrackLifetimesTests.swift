import ObjectTrace
import ObjectTraceTesting
import Testing

/// The trait as a test of another app would use it: a small note-taking app, plain classes.
@Suite(.trackLifetimes) struct TrackLifetimesTests {
  final class NotesApp {
    var account: Account?
    var editor: Editor?
  }

  final class Account {
    let name = "ada"
  }

  final class Editor {
    let account: Account
    init(account: Account) { self.account = account }
  }

  @Test func anObjectReleasedInTimePasses() throws {
    let app = NotesApp()
    Lifetimes.root(app, named: "app")
    app.account = Account()
    app.editor = Editor(account: try #require(app.account))
    Lifetimes.expectReleased(try #require(app.editor))
    app.editor = nil
    Lifetimes.check()
  }

  @Test func anObjectStillHeldIsAnIssueNamingItsChain() throws {
    let app = NotesApp()
    Lifetimes.root(app, named: "app")
    app.account = Account()
    app.editor = Editor(account: try #require(app.account))
    Lifetimes.expectReleased(try #require(app.account))
    app.account = nil  // the editor still holds it
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      // The finding is the issue's error, so `swift test`'s ✘ line says it.
      let problem = issue.error as? LifetimeCheck.Problem
      return problem?.kind == .stale && problem?.object == "Account#1"
        && "\(issue.kind)"
          == """
          Caught error: Account#1 is still alive; held by Editor#1.account (kept by \
          app.editor.account)
          """
    }
    app.editor = nil
  }

  /// The issue is at the line that expected the object released, not at the `check()` that
  /// found it: where the test says what it meant.
  @Test func theIssueIsAtTheLineOfItsExpectation() throws {
    let app = NotesApp()
    Lifetimes.root(app, named: "app")
    app.account = Account()
    let expectation = #line + 1
    Lifetimes.expectReleased(try #require(app.account))
    let check = #line + 2
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      issue.sourceLocation?.line == expectation && issue.sourceLocation?.line != check
    }
    app.account = nil
  }

  /// A closure is a holder: the editor's `onSave`, which the app's list of observers stores,
  /// captured the account.
  @Test func aClosureThatCapturedTheObjectIsNamedAsItsHolder() throws {
    final class Observers {
      var all: [() -> Void] = []
    }
    let app = NotesApp()
    let observers = Observers()
    Lifetimes.root(app, named: "app")
    Lifetimes.root(observers, named: "observers")
    do {
      let account = Account()
      observers.all.append { [account] in _ = account.name }
      Lifetimes.expectReleased(account)
    }
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      (issue.error as? LifetimeCheck.Problem)?.message
        == """
        Account#1 is still alive; held by the closure in Observers#1.all[0] (kept by \
        observers.all[0])
        """
    }
    observers.all = []
  }

  /// A model a stored task captured: the walk cannot read a task's operation, and says so by the
  /// task's place, never that no root holds the model.
  @Test func aTaskThatCapturedTheObjectIsNamedAsUnreadable() async throws {
    final class Poller {
      var task: Task<Void, Never>?
    }
    final class Feed: Sendable {
      let title = "news"
    }
    let poller = Poller()
    Lifetimes.root(poller, named: "poller")
    do {
      let feed = Feed()
      poller.task = Task { [feed] in
        try? await Task.sleep(for: .seconds(3600))
        _ = feed.title
      }
      Lifetimes.expectReleased(feed)
    }
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      let message = (issue.error as? LifetimeCheck.Problem)?.message ?? ""
      return message.hasPrefix(
        "Feed#1 is still alive, and no chain the walk could read from a root reaches it; it "
          + "could not read what Poller#1.task (a task: what its operation captured cannot be "
          + "read) holds, which may keep it; ")
        && !message.contains("no root holds it")
    }
    poller.task?.cancel()
    await poller.task?.value
  }

  /// When the object refers back to its owner (`weak`), the walk from the object reaches the
  /// same task the walk from the roots could not read: the task is named once (the library
  /// trial's visit and its clinic's reminder).
  @Test func aTaskTheWalkCouldNotReadIsNamedOnce() async throws {
    final class Clinic {
      var reminder: Task<Void, Never>?
    }
    final class Visit: @unchecked Sendable {
      weak var clinic: Clinic?
    }
    let clinic = Clinic()
    Lifetimes.root(clinic, named: "clinic")
    do {
      let visit = Visit()
      visit.clinic = clinic
      clinic.reminder = Task { [visit] in
        try? await Task.sleep(for: .seconds(3600))
        _ = visit.clinic
      }
      Lifetimes.expectReleased(visit)
    }
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      let message = (issue.error as? LifetimeCheck.Problem)?.message ?? ""
      return message.contains("it could not read what Clinic#1.reminder (a task")
        && message.components(separatedBy: "Clinic#1.reminder").count == 2
    }
    clinic.reminder?.cancel()
    await clinic.reminder?.value
  }

  /// A chain of 5,000 objects is walked to its end: the object at the end is named with its
  /// chain, however long.
  @Test func theEndOfALongChainIsNamed() throws {
    final class Order {
      var next: Order?
    }
    let first = Order()
    var last = first
    for _ in 1..<5_000 {
      let next = Order()
      last.next = next
      last = next
    }
    Lifetimes.root(first, named: "orders")
    Lifetimes.expectReleased(last)
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      (issue.error as? LifetimeCheck.Problem)?.message.hasPrefix(
        "Order#5000 is still alive; held by Order#4999.next (kept by orders.(next ×4999))") == true
    }
    // Let go a link at a time: releasing the chain whole would recurse 5,000 deep.
    var link = first
    while let next = link.next {
      link.next = nil
      link = next
    }
  }

  /// A chain longer than the walk's limit: the limit is the one the trait was given, and the
  /// message names it instead of saying that no root holds the object.
  @Test(.trackLifetimes(objectLimit: 3)) func theTraitsObjectLimitIsHonouredAndNamed() {
    final class Page {
      var next: Page?
    }
    let first = Page()
    var last = first
    for _ in 1..<6 {
      let next = Page()
      last.next = next
      last = next
    }
    Lifetimes.root(first, named: "book")
    Lifetimes.expectReleased(last)
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      let message = (issue.error as? LifetimeCheck.Problem)?.message ?? ""
      return message.contains("before the walk stopped at its limit of 3 objects, at Page#4")
        && !message.contains("no root holds it")
    }
    first.next = nil
  }

  /// The suite's trait is the default one, `.trackLifetimes`: its walks visit the 100,000
  /// objects the lesson promises (`Chapters/your-own-code`), and a walk stopped there names that
  /// number, not the smaller limit of a chapter's trace. A library of more books than that, three
  /// wings of 200 shelves of 200 books: the last book is past the limit.
  @Test func theDefaultLimitIsTheLessonsAndItsMessageNamesIt() throws {
    final class Library {
      var wings: [Wing] = []
    }
    final class Wing {
      var shelves: [Shelf] = []
    }
    final class Shelf {
      var books: [Book] = []
    }
    final class Book {}
    // No collection of more than 200: the walk looks at that many elements of each.
    let library = Library()
    library.wings = (0..<3).map { _ in
      let wing = Wing()
      wing.shelves = (0..<200).map { _ in
        let shelf = Shelf()
        shelf.books = (0..<200).map { _ in Book() }
        return shelf
      }
      return wing
    }
    Lifetimes.root(library, named: "library")
    Lifetimes.expectReleased(try #require(library.wings.last?.shelves.last?.books.last))
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      let message = (issue.error as? LifetimeCheck.Problem)?.message ?? ""
      return message.contains("before the walk stopped at its limit of 100000 objects, at ")
    }
    library.wings = []
  }

  /// Each test case has its own registry: every case's objects are numbered from 1, and a
  /// case's message names its own objects only.
  @Test(arguments: 0..<6)
  func parallelTestsNeverSeeEachOthersObjects(_ number: Int) throws {
    let app = NotesApp()
    Lifetimes.root(app, named: "app")
    app.account = Account()
    app.editor = number.isMultiple(of: 2) ? Editor(account: try #require(app.account)) : nil
    Lifetimes.expectReleased(try #require(app.account))
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      (issue.error as? LifetimeCheck.Problem)?.message
        .hasPrefix("Account#1 is still alive; held by NotesApp#1") == true
    }
    app.account = nil
  }
}
