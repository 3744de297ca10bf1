/// A language a text can be shown in: English or Korean. The pictures label what they draw in
/// the one asked for, and a `Localized` text holds both.
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
