import Foundation

/// A verdict's message as a grading tool shows it: one line, cut to a length every tool keeps.
enum GradingMessage {
  /// A message's length at most, in characters (exercism caps a test's output at 500).
  static let characterLimit = 500
  /// A message's length at most, in UTF-8 bytes: a character can be many bytes long (a letter
  /// with hundreds of combining marks).
  static let byteLimit = 2000

  /// `text` on one line (control characters as spaces), cut to ``characterLimit`` characters
  /// and ``byteLimit`` bytes.
  ///
  /// A learner's program may print megabytes: only a head of the text is put on one line, four
  /// scalars a character, and the whole text only when that head was shorter than the text and
  /// held too few characters (a character can be many scalars long). The characters kept never
  /// include the head's last one, which a cut could have split.
  static func capped(_ text: String) -> String {
    let head = text.unicodeScalars.prefix(4 * characterLimit)
    var line = oneLine(head)
    if line.count <= characterLimit, head.endIndex < text.unicodeScalars.endIndex {
      line = oneLine(text.unicodeScalars[...])
    }
    let cut = line.count > characterLimit ? String(line.prefix(characterLimit - 1)) + "…" : line
    return fitted(cut, bytes: byteLimit)
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
