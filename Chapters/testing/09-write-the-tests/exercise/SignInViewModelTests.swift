// Exercise 9 — your tests. Each makes the form with `makeSignInViewModel(…)`: the real
// SignInViewModel when you run them, and — when `swift run workbook check 9` asks — one with a bug
// your tests should catch. The workbook's own tests of the screens are a model:
// Tests/KooberKitTests/ViewModelTests.swift.
import KooberKit
import KooberRules
import ObjectTrace
import Testing

@MainActor
@Suite struct SignInViewModelTests {
  @Test func theRightPasswordTellsTheResponder() async {
    todo("make the form with your doubles, sign in, and #expect what the responder was told")
  }
}
