/// Makes a starter file from a solution file: what a learner gets, generated, never hand-kept.
///
/// A solution marks each part the learner writes (or, in a bug hunt, each part that differs):
///
/// ```swift
/// // exercise: begin
/// <the solution's lines>
/// // exercise: starter
/// // <the starter's lines, each commented out>
/// // exercise: end
/// ```
///
/// The starter keeps everything outside the regions as it is, drops the solution's lines and
/// the markers, and uncomments the starter's lines. The solution compiles as it stands, so it
/// never rots; `workbook dev check` proves every committed starter is exactly what this makes.
public enum StarterGenerator {
  /// A solution whose markers do not pair up.
  public struct MarkerError: Error, CustomStringConvertible, Equatable {
    /// The 1-based line of the problem.
    public let line: Int
    /// What is wrong.
    public let reason: String

    public var description: String { "line \(line): \(reason)" }
  }

  private enum Part {
    case outside, solution, starter
  }

  /// One marked part of a solution: what the learner writes, and what the starter gives them
  /// there instead (uncommented).
  public struct Region: Equatable, Sendable {
    /// The solution's lines between `begin` and `starter`.
    public let solution: [Substring]
    /// The starter's lines between `starter` and `end`, as the learner's file has them.
    public let starter: [Substring]
  }

  /// The starter made from `solution`'s text.
  public static func starter(from solution: String) throws(MarkerError) -> String {
    try parse(solution).starter
  }

  /// The marked regions of `solution`, in order.
  public static func regions(in solution: String) throws(MarkerError) -> [Region] {
    try parse(solution).regions
  }

  /// One pass over the markers: the starter's text and the regions it replaced.
  private static func parse(_ solution: String) throws(MarkerError)
    -> (starter: String, regions: [Region])
  {
    var part = Part.outside
    var output: [Substring] = []
    var regions: [Region] = []
    var written: [Substring] = []
    var given: [Substring] = []
    let lines = solution.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      let trimmed = line.drop { $0 == " " }
      let number = index + 1
      switch (trimmed, part) {
      case ("// exercise: begin", .outside):
        part = .solution
        (written, given) = ([], [])
      case ("// exercise: starter", .solution): part = .starter
      case ("// exercise: end", .starter):
        part = .outside
        regions.append(Region(solution: written, starter: given))
      case ("// exercise: begin", _), ("// exercise: starter", _), ("// exercise: end", _):
        throw MarkerError(line: number, reason: "'\(trimmed)' out of order")
      case (_, .outside): output.append(line)
      case (_, .solution): written.append(line)
      case (_, .starter):
        guard trimmed.hasPrefix("//") else {
          throw MarkerError(line: number, reason: "a starter line must be commented out")
        }
        let indent = line.prefix { $0 == " " }
        let text = trimmed.dropFirst(2)
        let content = text.first == " " ? text.dropFirst() : text
        let uncommented = content.isEmpty ? "" : Substring(indent + content)
        output.append(uncommented)
        given.append(uncommented)
      }
    }
    guard part == .outside else {
      throw MarkerError(line: lines.count, reason: "a region is not closed with '// exercise: end'")
    }
    // A region at the end of the file leaves blank lines behind: end with one newline.
    while let last = output.last, last.allSatisfy({ $0 == " " }) { output.removeLast() }
    return (output.joined(separator: "\n") + "\n", regions)
  }
}

extension StarterGenerator {
  /// The chapter's file a marked solution is cut from: the solution as a learner reads it,
  /// without the exercise's own header (the leading `// Exercise N — …` comment) and the
  /// `import KooberRules` the starter's `todo(…)` needs.
  public static func chapterFile(from marked: String) -> String {
    var lines = solution(from: marked).split(separator: "\n", omittingEmptySubsequences: false)
    if lines.first?.hasPrefix("// Exercise ") == true {
      lines = Array(lines.drop { $0.hasPrefix("//") })
    }
    return lines.filter { $0 != "import KooberRules" }.joined(separator: "\n")
  }

  /// The solution as a learner reads it: the regions' solution lines, without the markers and
  /// the commented-out starter lines.
  public static func solution(from marked: String) -> String {
    var keep = true
    var output: [Substring] = []
    for line in marked.split(separator: "\n", omittingEmptySubsequences: false) {
      switch line.drop(while: { $0 == " " }) {
      case "// exercise: begin", "// exercise: end": keep = true
      case "// exercise: starter": keep = false
      default: if keep { output.append(line) }
      }
    }
    while let last = output.last, last.allSatisfy({ $0 == " " }) { output.removeLast() }
    return output.joined(separator: "\n") + "\n"
  }
}
