import Bookshelf
import ObjectTraceTesting
import Testing

@Suite(.trackLifetimes) struct BookshelfTests {
  @Test func signingOutReleasesTheReadersScreen() throws {
    let app = BookshelfApp()
    Lifetimes.root(app, named: "app")
    app.signIn(name: "ada")
    Lifetimes.expectReleased(try #require(app.readerScreen))
    app.signOut()
    Lifetimes.check()
  }

  /// Fails, as it should: the store keeps the session after sign-out.
  @Test func signingOutReleasesTheSession() throws {
    let app = BookshelfApp()
    Lifetimes.root(app, named: "app")
    app.signIn(name: "ada")
    Lifetimes.expectReleased(try #require(app.session))
    app.signOut()
    Lifetimes.check()
  }
}
