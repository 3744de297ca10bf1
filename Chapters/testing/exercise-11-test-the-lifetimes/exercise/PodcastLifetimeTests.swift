// Exercise 11 — your tests of the podcast app's lifetimes (what they can reach: `API.md`). The trait
// `.trackLifetimes` and `Lifetimes` come from ObjectTraceTesting, the workbook's library for
// your own app's tests; the lesson `Chapters/testing/lifetimes` shows them at work.
import KooberRules
import ObjectTrace
import ObjectTraceTesting
import Podcasts
import Testing

@Suite(.trackLifetimes) struct PodcastLifetimeTests {
  @Test func signingOutReleasesTheListenersObjects() throws {
    todo(
      "declare the app as a root, sign in, expect the listener's objects released, sign out, check",
      ko: "앱을 루트로 선언하고 로그인한 뒤, 청취자의 객체들이 해제되기를 기대하고 로그아웃해서 확인하세요")
  }
}
