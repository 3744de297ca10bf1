// Exercise 16 — your tests of chapter 7's signed-in scope, each with values of its own (what
// they can reach: `API.md`, `API.ko.md`). Swift Testing runs them in parallel, in one process.
import AmbientTesting
import Chapter7AmbientDependencies
import KooberKit
import KooberRules
import ObjectTrace
import Testing

@Suite @MainActor struct SignedInScopeTests {
  @Test func signingInThenOut() {
    todo(
      "begin the scope in values of this test's own, check what it shares and what goes at sign-out",
      ko: "이 테스트만의 값에서 스코프를 시작하고, 무엇을 함께 쓰고 로그아웃 때 무엇이 사라지는지 확인하세요")
  }
}
