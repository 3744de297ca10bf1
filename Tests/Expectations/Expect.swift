import Testing

// MARK: - Expectations as plain functions

/// Records an issue unless `condition` holds: the workbook's own tests' `#expect(condition)`.
///
/// A function, not the macro, for compile time only. Each `#expect` is a macro expansion that the
/// compiler parses and type-checks again, about 10 ms apiece, and the workbook's tests have about
/// 900: they were about 7 s of a newcomer's cold 48 s `swift test` on 2 cores. What is checked is
/// the same. A failure shows the line, the comment and, for `expect(_:equals:)`, both values; the
/// macro also showed each part of the expression. Learners' tests (exercise 9) keep `#expect`:
/// there, writing the expectation is the lesson.
public func expect(
  _ condition: Bool, _ comment: Comment? = nil,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
  column: Int = #column
) {
  guard let failure = Expectations.failure(condition, comment) else { return }
  Issue.record(
    failure,
    sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Records an issue naming both values unless `actual == expected`: `#expect(actual == expected)`.
public func expect<Value: Equatable>(
  _ actual: Value, equals expected: Value, _ comment: Comment? = nil,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
  column: Int = #column
) {
  guard let failure = Expectations.failure(actual, expected, comment) else { return }
  Issue.record(
    failure,
    sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

// MARK: - Failure messages

/// What a failed expectation says, or nil when it holds.
package enum Expectations {
  /// The longest a value is shown: a multi-kilobyte page would bury the line that failed.
  package static let longestValue = 500

  /// "Expectation failed", then the comment after a dash; nil when `condition` holds.
  package static func failure(_ condition: Bool, _ comment: Comment?) -> Comment? {
    condition ? nil : message("Expectation failed", comment)
  }

  /// "Expectation failed: 1 is not 2", each value as Swift writes it (strings quoted), then the
  /// comment; nil when the values are equal.
  package static func failure<Value: Equatable>(
    _ actual: Value, _ expected: Value, _ comment: Comment?
  ) -> Comment? {
    guard actual != expected else { return nil }
    return message("Expectation failed: \(shown(actual)) is not \(shown(expected))", comment)
  }

  /// `value` as `String(reflecting:)` writes it, cut to `longestValue` characters.
  package static func shown<Value>(_ value: Value) -> String {
    let text = String(reflecting: value)
    guard text.count > longestValue else { return text }
    return text.prefix(longestValue) + "… (\(text.count) characters)"
  }

  /// `headline`, then the comment after a dash when there is one.
  static func message(_ headline: String, _ comment: Comment?) -> Comment {
    guard let comment else { return Comment(rawValue: headline) }
    return Comment(rawValue: "\(headline) — \(comment.rawValue)")
  }
}
