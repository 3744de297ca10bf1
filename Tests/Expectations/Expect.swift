import Testing

// MARK: - Expectations as plain functions

/// Records an issue unless `condition` holds: the workbook's own tests' `#expect(condition)`.
///
/// A function, not the macro, for compile time only. Each `#expect` is a macro expansion the
/// compiler parses and type-checks again, about 10 ms apiece on 2 cores, and the workbook's tests
/// have about 900 of them: a newcomer's first `swift test` spent about 8 s of a cold 52 s on them.
/// The check is the same; what a failure shows differs: the line, the comment, and (for
/// `expect(_:equals:)`) both values, where the macro would also print each part of the expression.
/// Learners' tests (exercise 9) keep `#expect`: there the expression is the lesson.
public func expect(
  _ condition: Bool, _ comment: Comment? = nil,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
  column: Int = #column
) {
  guard !condition else { return }
  Issue.record(
    Expectations.message("Expectation failed", comment),
    sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Records an issue naming both values unless `actual == expected`: `#expect(actual == expected)`.
public func expect<Value: Equatable>(
  _ actual: Value, equals expected: Value, _ comment: Comment? = nil,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
  column: Int = #column
) {
  guard actual != expected else { return }
  Issue.record(
    Expectations.message(Expectations.difference(actual, expected), comment),
    sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

// MARK: - Failure messages

/// How a failed expectation reads.
package enum Expectations {
  /// The longest a value is shown; the rest is cut, as a multi-kilobyte page would bury the line.
  package static let longestValue = 500

  /// "Expectation failed: 1 is not 2", each value as Swift would write it (strings quoted).
  package static func difference<Value>(_ actual: Value, _ expected: Value) -> String {
    "Expectation failed: \(shown(actual)) is not \(shown(expected))"
  }

  /// `value` as `String(reflecting:)` writes it, cut to `longestValue` characters.
  package static func shown<Value>(_ value: Value) -> String {
    let text = String(reflecting: value)
    guard text.count > longestValue else { return text }
    return text.prefix(longestValue) + "… (\(text.count) characters)"
  }

  /// `headline`, then the comment after a dash when there is one.
  package static func message(_ headline: String, _ comment: Comment?) -> Comment {
    guard let comment else { return Comment(rawValue: headline) }
    return Comment(rawValue: "\(headline) — \(comment.rawValue)")
  }
}
