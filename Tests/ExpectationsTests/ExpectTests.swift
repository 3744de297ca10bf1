import Testing

@testable import Expectations

/// The tests' `expect` records an issue exactly when `#expect` would, and says what failed.
@Suite struct ExpectTests {
  @Test func aHoldingConditionRecordsNothing() {
    expect(1 + 1 == 2)
    expect(["a"], equals: ["a"])
    expect(Optional("x"), equals: "x")
  }

  @Test func aFalseConditionIsAnIssueWithItsComment() {
    withKnownIssue {
      expect("abc".contains("z"), "looked for z")
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Expectation failed — looked for z"]
    }
  }

  @Test func unequalValuesAreAnIssueThatNamesBoth() {
    withKnownIssue {
      expect("tokyo", equals: "seoul")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [#"Expectation failed: "tokyo" is not "seoul""#]
    }
    withKnownIssue {
      expect([1, 2], equals: [1], "the list")
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Expectation failed: [1, 2] is not [1] — the list"]
    }
  }

  @Test func theIssueIsWhereTheExpectationIsWritten() {
    let line = #line + 2
    withKnownIssue {
      expect(1, equals: 2)
    } matching: { issue in
      issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
    }
  }

  @Test func aLongValueIsCut() {
    let page = String(repeating: "x", count: 2_000)
    let shown = Expectations.shown(page)
    expect(shown.hasPrefix("\"xxx"))
    expect(shown.hasSuffix("… (2002 characters)"))
    expect(shown.count < Expectations.longestValue + 30)
  }
}
