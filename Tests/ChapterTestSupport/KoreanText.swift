import Foundation

/// What counts as English in a text meant to be Korean: what `--lang ko`'s tests ask of every
/// text the workbook prints, in `KooberRulesTests` and `TestWritingExercisesTests` alike.
package enum KoreanText {
  /// Every run of three or more English words in `text` outside code (`…`): a Korean text has
  /// none. Ids (`MainViewModel#1`), property paths (`app.appContainer`), step names
  /// (`sign-up`), commands and single glossary words (`finding`, `stale`) are not sentences.
  package static func englishSentences(in text: String) -> [String] {
    let prose = text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset.isMultiple(of: 2) }.map(\.element).joined(separator: " ")
    var runs: [String] = []
    var run: [Substring] = []
    func close() {
      if run.count >= 3 { runs.append(run.joined(separator: " ")) }
      run = []
    }
    for token in prose.split(whereSeparator: \.isWhitespace) {
      let word = token.trimmingCharacters(in: CharacterSet(charactersIn: ",.;:()'\"—…!?"))
      // The command's own words (`workbook dev check` in a usage line) are not prose.
      if !word.isEmpty, !["workbook", "swift", "run"].contains(word),
        word.allSatisfy({ ("a"..."z").contains($0) })
      {
        run.append(Substring(word))
      } else {
        close()
      }
    }
    close()
    return runs
  }

  /// Whether `text` has a Hangul syllable.
  package static func isKorean(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
  }
}
