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
      issue.comments.map(\.rawValue) == [
        "Account#1 is still alive; held by Editor#1.account (kept by app.editor.account)"
      ]
    }
    app.editor = nil
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
      issue.comments.first?.rawValue.hasPrefix("Account#1 is still alive; held by NotesApp#1")
        == true
    }
    app.account = nil
  }
}

/// Without the trait there is nothing to check with: each call says so where it is made.
@Suite struct LifetimesWithoutTheTraitTests {
  @Test func aCallSaysWhatItNeeds() {
    withKnownIssue {
      Lifetimes.root(TrackLifetimesTests.NotesApp(), named: "app")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Lifetimes.root(_:named:) needs the .trackLifetimes trait on this test or its suite: "
          + "@Test(.trackLifetimes) or @Suite(.trackLifetimes)"
      ]
    }
  }
}

/// What a test might hand the trait by mistake.
@Suite(.trackLifetimes) struct LifetimesBadInputTests {
  struct Point { var x = 1 }

  /// A value passed as `AnyObject` is boxed, and the box belongs to nobody: said so, not checked.
  @Test func aValueBoxedAsAnObjectIsRefused() {
    withKnownIssue {
      Lifetimes.expectReleased(Point() as AnyObject)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Lifetimes.expectReleased(_:) needs an instance of a class; this is a value boxed as an "
          + "object, which nothing else holds"
      ]
    }
  }

  /// The same object expected twice is one expectation, reported once.
  @Test func anObjectExpectedTwiceIsReportedOnce() {
    let app = TrackLifetimesTests.NotesApp()
    Lifetimes.root(app, named: "app")
    app.account = TrackLifetimesTests.Account()
    if let account = app.account {
      Lifetimes.expectReleased(account)
      Lifetimes.expectReleased(account)
    }
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix("Account#1 is still alive") == true
    }
    app.account = nil
  }

  /// A shared instance, as an app's singletons are.
  final class Catalog: Sendable {
    let title = "all notes"
  }

  static let shared = Catalog()

  /// Test cases walking one shared object at once, each with its own kept account: each names
  /// the objects in its own registry, from #1.
  @Test(arguments: 0..<4)
  func testsSharingAnObjectEachNameItInTheirOwnWay(_ number: Int) throws {
    Lifetimes.global(Self.shared, named: "shared")
    let app = TrackLifetimesTests.NotesApp()
    Lifetimes.root(app, named: "app")
    app.account = TrackLifetimesTests.Account()
    Lifetimes.expectReleased(try #require(app.account))
    withKnownIssue {
      Lifetimes.check()
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Account#1 is still alive; held by NotesApp#1.account (kept by app.account)"
      ]
    }
    app.account = nil
  }
}
