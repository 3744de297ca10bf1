import ObjectTrace
import ObjectTraceTesting
import Testing

/// Without the trait there is nothing to check with: each call says so where it is made.
@Suite struct LifetimesWithoutTheTraitTests {
  @Test func aCallSaysWhatItNeeds() {
    withKnownIssue {
      Lifetimes.root(TrackLifetimesTests.NotesApp(), named: "app")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        Lifetimes.root(_:named:) needs the .trackLifetimes trait on this test or its suite: \
        @Test(.trackLifetimes) or @Suite(.trackLifetimes)
        """
      ]
    }
  }
}
