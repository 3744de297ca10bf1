import Testing

@testable import Expectations

/// The tests' `expect` fails exactly when `#expect` would, and its message says what failed.
///
/// Checked on the messages, not on recorded issues: a test of a failing expectation would show
/// as a known issue in every newcomer's first `swift test`. That `expect` records what `failure`
/// returns is two lines in `Expect.swift`.
@Suite struct ExpectTests {
  @Test func aHoldingExpectationFailsNothing() {
    #expect(Expectations.failure(1 + 1 == 2, "sum") == nil)
    #expect(Expectations.failure(["a"], ["a"], nil) == nil)
    #expect(Expectations.failure(Optional("x"), "x", nil) == nil)
  }

  @Test func aFalseConditionFailsWithItsComment() {
    #expect(Expectations.failure(false, nil)?.rawValue == "Expectation failed")
    #expect(
      Expectations.failure("abc".contains("z"), "looked for z")?.rawValue
        == "Expectation failed — looked for z")
  }

  @Test func unequalValuesFailNamingBoth() {
    #expect(
      Expectations.failure("tokyo", "seoul", nil)?.rawValue
        == #"Expectation failed: "tokyo" is not "seoul""#)
    #expect(
      Expectations.failure([1, 2], [1], "the list")?.rawValue
        == "Expectation failed: [1, 2] is not [1] — the list")
    #expect(
      Expectations.failure(Optional<Int>.none, 3, nil)?.rawValue
        == "Expectation failed: nil is not Optional(3)")
  }

  @Test func aLongValueIsCut() {
    let page = String(repeating: "x", count: 2_000)
    let shown = Expectations.shown(page)
    #expect(shown.hasPrefix("\"xxx"))
    #expect(shown.hasSuffix("… (2002 characters)"))
    #expect(shown.count < Expectations.longestValue + 30)
  }
}
