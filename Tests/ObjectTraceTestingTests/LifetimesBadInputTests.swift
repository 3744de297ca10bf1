import ObjectTrace
import ObjectTraceTesting
import Testing

/// What a test might hand the trait by mistake.
@Suite(.trackLifetimes) struct LifetimesBadInputTests {
  struct Point { var x = 1 }

  /// A value passed as `AnyObject` is boxed, and the box belongs to nobody: said so, not checked.
  @Test func aValueBoxedAsAnObjectIsRefused() {
    withKnownIssue {
      Lifetimes.expectReleased(Point() as AnyObject)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        Lifetimes.expectReleased(_:) needs an instance of a class; this is a value boxed as an \
        object, which nothing else holds
        """
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
      (issue.error as? LifetimeCheck.Problem)?.message.hasPrefix("Account#1 is still alive") == true
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
      (issue.error as? LifetimeCheck.Problem)?.message
        == "Account#1 is still alive; held by NotesApp#1.account (kept by app.account)"
    }
    app.account = nil
  }
}
