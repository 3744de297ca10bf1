import Foundation
import KooberRules
import KooberStory
import ObjectTrace
import Testing
import TracePictures

@testable import WorkbookRunner

/// A message as every grading tool shows it: one line, cut in characters and in bytes.
@Suite struct GradingMessageTests {
  /// `capped` puts only a head of a long text on one line: the message is the whole text on one
  /// line, cut where it passes the character or the byte limit, also where a cut would split a
  /// character.
  @Test(arguments: [
    String(repeating: "a\r\n", count: 1_000),
    String(repeating: "🇰🇷", count: 1_200),
    "e" + String(repeating: "\u{301}", count: 3_000) + String(repeating: "b", count: 600),
    String(repeating: "x", count: 499) + "\r\n" + String(repeating: "y", count: 10),
    String(repeating: "가", count: 500),
    String(repeating: "가", count: 800),
    "short\tline",
  ])
  func aCappedMessageIsTheWholeLineCut(text: String) {
    let line = String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    let capped = GradingMessage.capped(text)
    #expect(capped.count <= GradingMessage.characterLimit)
    #expect(capped.utf8.count <= GradingMessage.byteLimit)
    if line.count <= GradingMessage.characterLimit && line.utf8.count <= GradingMessage.byteLimit {
      #expect(capped == line)
    } else {
      #expect(capped.hasSuffix("…"))
      #expect(line.hasPrefix(capped.dropLast()))
    }
  }

  @Test func aMessageIsCutBetweenCharactersToFitItsBytes() {
    #expect(GradingMessage.fitted("가나다", bytes: 9) == "가나다")
    #expect(GradingMessage.fitted("가나다", bytes: 8) == "가…")
    #expect(GradingMessage.fitted("e\u{301}\u{301}x", bytes: 5) == "…")
    // 499 flags fit the character limit, not the byte limit: 8 bytes each.
    let flags = GradingMessage.capped(String(repeating: "🇰🇷", count: 700))
    #expect(flags == String(repeating: "🇰🇷", count: 249) + "…")
  }
}
