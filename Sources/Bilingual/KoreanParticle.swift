/// A Korean particle whose form depends on the word before it — 이/가, 을/를, 은/는, 과/와,
/// (으)로 — chosen from how Korean developers read that word aloud, so that a generated message
/// never falls back to writing both forms (`이(가)`).
///
/// Hangul reads as written. A number reads in Sino-Korean (`#1` 일, `#2` 이, `10` 십). A code name
/// reads as an English word (`MainViewModel` …모델, `Container` …컨테이너, `Lifetime` …타임), an
/// acronym letter by letter (`URL` …엘), and trailing punctuation (`()`, backquotes) is skipped.
package enum KoreanParticle: Sendable, CaseIterable {
  /// 이 after a final consonant, 가 after a vowel.
  case subject
  /// 을 / 를.
  case object
  /// 은 / 는.
  case topic
  /// 과 / 와.
  case with
  /// 으로 after a final consonant other than ㄹ; 로 after a vowel or ㄹ.
  case toward

  /// How a word's last syllable ends, as far as a particle cares.
  enum Ending: Equatable, Sendable {
    case vowel
    case consonant
    /// ㄹ: a final consonant, except before (으)로.
    case rieul
  }

  /// The particle's form after `word`.
  package func after(_ word: some StringProtocol) -> String {
    let ending = Self.ending(of: word)
    switch self {
    case .subject: return ending == .vowel ? "가" : "이"
    case .object: return ending == .vowel ? "를" : "을"
    case .topic: return ending == .vowel ? "는" : "은"
    case .with: return ending == .vowel ? "와" : "과"
    case .toward: return ending == .consonant ? "으로" : "로"
    }
  }

  /// How `word` ends when read aloud.
  static func ending(of word: some StringProtocol) -> Ending {
    let skipped: Set<Character> = ["`", "(", ")", "'", "\"", "[", "]", "*", ".", ",", " ", "…"]
    let trimmed = word.reversed().drop { skipped.contains($0) }
    guard let last = trimmed.first, let scalar = last.unicodeScalars.first else { return .vowel }
    switch scalar.value {
    case 0xAC00...0xD7A3:
      let final = (scalar.value - 0xAC00) % 28
      return final == 0 ? .vowel : final == 8 ? .rieul : .consonant
    case 0x30...0x39:
      return digitEnding(trimmed.prefix { $0.isASCII && $0.isNumber })
    default:
      let letters = String(trimmed.prefix { $0.isASCII && $0.isLetter }.reversed())
      return letters.isEmpty ? .vowel : latinEnding(letters)
    }
  }

  /// A number read in Sino-Korean; `reversedDigits` are its digits, last first.
  private static func digitEnding(_ reversedDigits: some Collection<Character>) -> Ending {
    switch reversedDigits.first {
    // 영, and 십 백 천 만 for a number that ends in zeros.
    case "0": .consonant
    // 일 칠 팔.
    case "1", "7", "8": .rieul
    // 삼 육.
    case "3", "6": .consonant
    // 이 사 오 구.
    default: .vowel
    }
  }

  /// An English word or an acronym, as Korean developers say it.
  private static func latinEnding(_ letters: String) -> Ending {
    // A run of capitals (`URL`, `API`) or one capital reads letter by letter.
    if letters.last?.isUppercase == true {
      switch letters.last {
      case "L", "R": return .rieul  // 엘, 알
      case "M", "N": return .consonant  // 엠, 엔
      default: return .vowel
      }
    }
    let lower = letters.lowercased()
    if lower.hasSuffix("ng") || lower.hasSuffix("m") || lower.hasSuffix("n") { return .consonant }
    if lower.hasSuffix("me") || lower.hasSuffix("ne") { return .consonant }  // 타임, 라인
    if lower.hasSuffix("ck") && !lower.hasSuffix("check") { return .consonant }  // 락, 블록
    if lower.hasSuffix("p") || lower.hasSuffix("type") { return .consonant }  // 앱, 셋업, 타입
    if lower.hasSuffix("l") || lower.hasSuffix("le") { return .rieul }  // 모델, 파일
    return .vowel
  }
}

extension DefaultStringInterpolation {
  /// `word`, then `particle` in the form that fits it: `"\(type, .subject) 살아 있습니다"`.
  package mutating func appendInterpolation(
    _ word: some CustomStringConvertible, _ particle: KoreanParticle
  ) {
    let text = word.description
    appendLiteral(text)
    appendLiteral(particle.after(text))
  }
}
