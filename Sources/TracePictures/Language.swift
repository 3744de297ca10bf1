import ObjectTrace

/// A language the workbook speaks: every text a learner reads comes in both.
public enum Language: String, Codable, Sendable, CaseIterable {
  case english = "en"
  case korean = "ko"

  /// The code `--lang` takes and HTML's `lang` reads: `en`, `ko`.
  public var code: String { rawValue }

  /// What stands before `.md` in the name of a document in this language, beside its English
  /// twin: `README.md`, `README.ko.md`.
  public var documentSuffix: String {
    switch self {
    case .english: ""
    case .korean: ".ko"
    }
  }
}

/// A text in both of the workbook's languages.
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
