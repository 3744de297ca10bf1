import Foundation
import KooberRules
import ObjectTrace

/// What `workbook check --all --classroom` prints: the result GitHub Classroom's
/// `autograding-grading-reporter` reads from `<RUNNER>_RESULTS`, base64-encoded JSON in the shape
/// its graders write (`{"version": 1, "status", "max_score", "tests": [{"name", "status",
/// "score", "message", "test_code", "filename", "line_no", "duration"}]}`).
///
/// One test per exercise, worth ``pointsPerExercise``: all of them when every rule holds, and
/// partial credit for the rules that hold when some do not (a starter that stops at its `todo`,
/// code that does not compile, or a story that stopped before its end earns none). A bug hunt
/// (6–8), whose starter already holds most rules, is all or nothing. The score comes from the checker's own verdicts
/// on the learner's objects, never from what the learner's code printed.
public struct ClassroomReport: Codable, Equatable, Sendable {
  /// One exercise's result, as the reporter reads a test.
  public struct Test: Codable, Equatable, Sendable {
    public var name: String
    /// `pass` or `fail`.
    public var status: String
    public var score: Int
    /// Why, in one message of at most ``messageLimit`` characters.
    public var message: String
    /// The command that shows the learner the same verdict: `swift run workbook check 4`.
    public var test_code: String
    public var filename: String
    public var line_no: Int
    public var duration: Int
  }

  public var version = 1
  /// `pass` when every exercise passes, `fail` otherwise.
  public var status: String
  public var max_score: Int
  public var tests: [Test]

  /// The points one exercise is worth.
  public static let pointsPerExercise = 10
  /// A message's length at most, in characters (as exercism caps a test's output at 500).
  public static let messageLimit = 500
  /// A message's length at most, in UTF-8 bytes: a character can be many bytes long (a letter
  /// with hundreds of combining marks), and the whole report travels in one environment
  /// variable, which holds at most 128 KiB on Linux.
  public static let messageByteLimit = 2000

  /// The report of `entries` (the grader's verdicts, in the teacher's language), with the
  /// commands to reproduce each in `language`.
  init(entries: [GraderReport.Entry], language: String) {
    let texts = RunnerTexts.in(language)
    tests = entries.map { entry in
      let passed = entry.rules.filter { $0.status == .pass }.count
      let score = Self.points(for: entry)
      let firstFailure = entry.rules.first { $0.status == .fail }?.message
      let why = [
        entry.rules.isEmpty ? nil : texts.rulesHeld(passed, entry.rules.count),
        firstFailure ?? entry.message,
      ].compactMap { $0 }.joined(separator: " ")
      return Test(
        name: "\(entry.number) · \(entry.slug)", status: entry.status == "pass" ? "pass" : "fail",
        score: score, message: Self.capped(why),
        test_code: "swift run workbook check \(entry.number)"
          + (language == "en" ? "" : " --lang \(language)"),
        filename: "", line_no: 0, duration: 0)
    }
    max_score = Self.pointsPerExercise * entries.count
    status = tests.allSatisfy { $0.status == "pass" } ? "pass" : "fail"
  }

  /// An exercise's points: all of them for a pass; for a failing exercise whose story played to
  /// its end, the share of its rules that hold, rounded down; none for a `todo`, a compile
  /// error, a story that stopped early, or a bug hunt that still has its bug.
  static func points(for entry: GraderReport.Entry) -> Int {
    if entry.status == "pass" { return pointsPerExercise }
    guard entry.status == "fail", !entry.rules.isEmpty else { return 0 }
    // Rules over steps that never ran hold for want of anything to check.
    let stopped = entry.rules.contains { $0.id == "story-completes" && $0.status == .fail }
    // A bug hunt's starter already holds most of its rules: finding the bug is the work.
    let bugHunt = Exercise.numbered(entry.number)?.isBugHunt ?? false
    guard !stopped, !bugHunt else { return 0 }
    let passed = entry.rules.filter { $0.status == .pass }.count
    return pointsPerExercise * passed / entry.rules.count
  }

  /// The reporter's input: the JSON, base64-encoded, on one line.
  public var encoded: String {
    // `jsonText` ends with exactly one newline, which the one-line result leaves out.
    Data(TraceFormat.jsonText(self).dropLast().utf8).base64EncodedString()
  }

  /// `text` on one line (control characters as spaces), cut to ``messageLimit`` characters and
  /// ``messageByteLimit`` bytes.
  ///
  /// A learner's program may print megabytes: only a head of the text is put on one line, four
  /// scalars a character, and the whole text only when that head was shorter than the text and
  /// held too few characters (a character can be many scalars long). The characters kept never
  /// include the head's last one, which a cut could have split.
  static func capped(_ text: String) -> String {
    let head = text.unicodeScalars.prefix(4 * messageLimit)
    var line = oneLine(head)
    if line.count <= messageLimit, head.endIndex < text.unicodeScalars.endIndex {
      line = oneLine(text.unicodeScalars[...])
    }
    let cut = line.count > messageLimit ? String(line.prefix(messageLimit - 1)) + "…" : line
    return fitted(cut, bytes: messageByteLimit)
  }

  /// `text` in at most `bytes` bytes of UTF-8: whole characters, then `…` where it was cut.
  static func fitted(_ text: String, bytes: Int) -> String {
    guard text.utf8.count > bytes else { return text }
    let room = bytes - "…".utf8.count
    var kept = ""
    var used = 0
    for character in text {
      used += character.utf8.count
      guard used <= room else { break }
      kept.append(character)
    }
    return kept + "…"
  }

  /// `scalars` as a string, each control character a space.
  private static func oneLine(_ scalars: Substring.UnicodeScalarView) -> String {
    String(
      String.UnicodeScalarView(
        scalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
  }
}
