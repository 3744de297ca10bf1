/// The difference between two texts, line by line, printed as `diff -u` prints it.
///
/// Lines are compared without their line endings: a last line with no newline, or with `\r\n`,
/// is the same line (`diff -u` would also say `\ No newline at end of file`).
///
/// `solution N` after a pass shows the solution against the learner's own file this way. The
/// texts are source files of a few hundred lines: a longest-common-subsequence table over what
/// lies between their common first and last lines is small; past ``tableLimit`` cells the middle
/// is shown as removed, then added, rather than spend the time.
public enum LineDiff {
  /// One line of the difference.
  public enum Line: Equatable, Sendable {
    /// In both texts.
    case kept(String)
    /// Only in the old text.
    case removed(String)
    /// Only in the new text.
    case added(String)
  }

  /// The largest table the middle is compared with, in cells.
  static let tableLimit = 4_000_000

  /// Every line of `old` and `new` in order, each kept, removed or added; as few changed as
  /// the longest common subsequence allows.
  public static func lines(from old: String, to new: String) -> [Line] {
    let a = split(old)
    let b = split(new)
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix,
      a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    let oldMiddle = Array(a[prefix..<(a.count - suffix)])
    let newMiddle = Array(b[prefix..<(b.count - suffix)])
    return a[..<prefix].map(Line.kept) + middle(oldMiddle, newMiddle)
      + a[(a.count - suffix)...].map(Line.kept)
  }

  /// `diff -u` output: a hunk per group of changes with `context` kept lines around it, under
  /// `--- oldName` and `+++ newName`; empty when the texts are the same line for line.
  public static func unified(
    from old: String, to new: String, oldName: String, newName: String, context: Int = 3
  ) -> String {
    let all = lines(from: old, to: new)
    let changed = all.indices.filter { if case .kept = all[$0] { false } else { true } }
    guard let first = changed.first else { return "" }
    // Changes with at most twice the context of kept lines between them share a hunk.
    var groups: [ClosedRange<Int>] = []
    var start = first
    var end = first
    for index in changed.dropFirst() {
      if index - end - 1 > 2 * context {
        groups.append(start...end)
        start = index
      }
      end = index
    }
    groups.append(start...end)
    // Each line's number in the old and the new text (1-based), before it.
    var oldLine = [Int](repeating: 0, count: all.count + 1)
    var newLine = [Int](repeating: 0, count: all.count + 1)
    for (index, line) in all.enumerated() {
      oldLine[index + 1] = oldLine[index] + (line.isAdded ? 0 : 1)
      newLine[index + 1] = newLine[index] + (line.isRemoved ? 0 : 1)
    }
    var output = "--- \(oldName)\n+++ \(newName)\n"
    for group in groups {
      let lower = max(0, group.lowerBound - context)
      let upper = min(all.count - 1, group.upperBound + context)
      let oldCount = oldLine[upper + 1] - oldLine[lower]
      let newCount = newLine[upper + 1] - newLine[lower]
      // As `diff -u` does, an empty side is numbered by the line before it.
      let oldStart = oldLine[lower] + (oldCount == 0 ? 0 : 1)
      let newStart = newLine[lower] + (newCount == 0 ? 0 : 1)
      output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
      for line in all[lower...upper] {
        switch line {
        case .kept(let text): output += " \(text)\n"
        case .removed(let text): output += "-\(text)\n"
        case .added(let text): output += "+\(text)\n"
        }
      }
    }
    return output
  }

  /// A hunk's range as `diff -u` writes it: `start,count`, or `start` alone for one line.
  static func range(_ start: Int, _ count: Int) -> String {
    count == 1 ? "\(start)" : "\(start),\(count)"
  }

  // MARK: - The middle

  /// The lines of `text`, split at any line ending (`\n`, `\r\n`, …); a final one ends the last
  /// line rather than start an empty one.
  static func split(_ text: String) -> [String] {
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .map(String.init)
    if text.last?.isNewline == true || text.isEmpty { lines.removeLast() }
    return lines
  }

  /// `a` against `b` through a table of longest common subsequences of their tails.
  static func middle(_ a: [String], _ b: [String]) -> [Line] {
    guard !a.isEmpty, !b.isEmpty, a.count * b.count <= tableLimit else {
      return a.map(Line.removed) + b.map(Line.added)
    }
    let width = b.count + 1
    // table[i * width + j]: the longest common subsequence of a[i...] and b[j...].
    var table = [Int32](repeating: 0, count: (a.count + 1) * width)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i * width + j] =
          a[i] == b[j]
          ? table[(i + 1) * width + j + 1] + 1
          : max(table[(i + 1) * width + j], table[i * width + j + 1])
      }
    }
    var lines: [Line] = []
    var i = 0
    var j = 0
    while i < a.count, j < b.count {
      if a[i] == b[j] {
        lines.append(.kept(a[i]))
        i += 1
        j += 1
      } else if table[(i + 1) * width + j] >= table[i * width + j + 1] {
        lines.append(.removed(a[i]))
        i += 1
      } else {
        lines.append(.added(b[j]))
        j += 1
      }
    }
    return lines + a[i...].map(Line.removed) + b[j...].map(Line.added)
  }
}

extension LineDiff.Line {
  var isAdded: Bool { if case .added = self { true } else { false } }
  var isRemoved: Bool { if case .removed = self { true } else { false } }
}
