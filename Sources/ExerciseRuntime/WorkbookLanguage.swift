import Bilingual

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the language the workbook speaks to a learner comes from: ``Bilingual/Language``'s
/// process language, under the names the exercises have always used.
///
/// `workbook --lang ko` tells the exercises it runs through ``variable``; run on their own, they
/// follow the locale, as `workbook` does without `--lang`.
public enum WorkbookLanguage {
  /// The environment variable `workbook` sets for the exercises it runs.
  public static let variable = Language.environmentVariable

  /// The language this process speaks: the one its own `--lang` chose (``choose(_:)``), or else
  /// the one ``fromEnvironment(_:preferredLanguages:)`` finds.
  public static var current: Language { Language.current }

  /// Makes `language` the one ``current`` returns from now on: an exercise's `--lang`, read
  /// once at start.
  public static func choose(_ language: Language) { Language.choose(language) }

  /// The language ``variable`` names (`en`, `ko`), or — without it — Korean when `LC_ALL` (or
  /// else `LANG`) asks for it, or when neither is set and the system's first preferred language
  /// is Korean; English otherwise.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment,
    preferredLanguages: [String] = systemLanguages
  ) -> Language {
    Language.fromEnvironment(environment, preferredLanguages: preferredLanguages)
  }

  /// The languages the system prefers, first first (``Bilingual/Language/systemLanguages``).
  public static var systemLanguages: [String] { Language.systemLanguages }
}
