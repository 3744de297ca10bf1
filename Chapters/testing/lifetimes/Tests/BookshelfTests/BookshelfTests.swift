import Bookshelf
import ObjectTraceTesting
import Testing

/// The reader's scope: made at sign-in, gone at sign-out. Both tests fail on purpose.
@Suite(.trackLifetimes) struct BookshelfTests {
  static let reader = LifetimeScope(name: "reader", depth: 1)

  @Test func signingOutReleasesTheSession() throws {
    let app = BookshelfApp()
    Lifetimes.root(app, named: "app")
    Lifetimes.expect(app.container, livesIn: .app)
    app.signIn(reader: "ada")
    Lifetimes.expectReleased(try #require(app.readerScreen?.session), scope: Self.reader)
    app.signOut()
    Lifetimes.check()
  }

  @Test func signingOutReleasesTheReaderScreen() throws {
    let app = BookshelfApp()
    Lifetimes.root(app, named: "app")
    app.signIn(reader: "ada")
    Lifetimes.expectReleased(try #require(app.readerScreen))
    app.signOut()
    Lifetimes.check()
  }
}
