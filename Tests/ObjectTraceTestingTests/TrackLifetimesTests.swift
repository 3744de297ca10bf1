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
