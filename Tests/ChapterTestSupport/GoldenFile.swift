import Testing
import WorkbookRunner

/// Records an issue with `diff -u` of the golden file and the output when they differ:
/// `#expect(output == golden)` would print both pages whole, and the lines that changed would
/// be hard to find in them.
package func expectMatchesGolden(
  _ output: String, _ golden: String, named name: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard output != golden else { return }
  let difference = LineDiff.unified(
    from: golden, to: output, oldName: "\(name) (golden)", newName: "\(name) (now)")
  let message =
    "\(name) differs from what the program prints now; if the change is meant, re-record with "
    + "`bash .ci/record-goldens` and read the diff:\n\(difference)"
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
