// Exercise 9 — your tests. Each makes the form with `makeSignInViewModel(…)`: the real
// SignInViewModel when you run them, and — when `swift run workbook check 9` asks — one with a bug
// your tests should catch. For tests to copy from, read the workbook's own tests of the screens:
// Tests/KooberKitTests/ViewModelTests.swift.
import KooberKit
import KooberRules
import ObjectTrace
import Testing

@MainActor
@Suite struct SignInViewModelTests {
  @Test func theRightPasswordTellsTheResponder() async {
    todo(
      "make the form with your doubles, sign in, and #expect what the responder was told",
      ko: "여러분의 테스트 더블로 폼을 만들고 로그인한 뒤, 응답자에게 전달된 것을 #expect로 확인하세요")
  }
}
