/// A text in both languages: English and Korean.
public struct Localized: Sendable, Equatable, Codable {
  /// English.
  public let en: String
  /// Korean.
  public let ko: String

  /// Creates a text in English and Korean.
  public init(en: String, ko: String) {
    self.en = en
    self.ko = ko
  }

  /// The text in `language`.
  public func text(in language: Language) -> String {
    switch language {
    case .english: en
    case .korean: ko
    }
  }
}
