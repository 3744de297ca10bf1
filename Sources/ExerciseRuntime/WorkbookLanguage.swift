import Bilingual
import ObjectTrace
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the language the workbook speaks to a learner comes from.
///
/// `workbook --lang ko` tells the exercises it runs through ``variable``; run on their own, they
/// follow the locale, as `workbook` does without `--lang`.
public enum WorkbookLanguage {
  /// The environment variable `workbook` sets for the exercises it runs.
  public static let variable = "WORKBOOK_LANG"

  /// The language this process speaks: the one its own `--lang` chose (``choose(_:)``), or else
  /// the one ``fromEnvironment(_:preferredLanguages:)`` finds.
  public static var current: Language { chosen.withLock { $0 } ?? fromEnvironment() }

  /// Makes `language` the one ``current`` returns from now on: an exercise's `--lang`, read
  /// once at start. The process environment is left as it was (no `setenv`, which would race
  /// with any thread reading it).
  public static func choose(_ language: Language) { chosen.withLock { $0 = language } }

  private static let chosen = Mutex<Language?>(nil)

  /// The language ``variable`` names (`en`, `ko`), or — without it — Korean when `LC_ALL` (or
  /// else `LANG`) asks for it, or when neither is set and the system's first preferred language
  /// is Korean; English otherwise.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment,
    preferredLanguages: [String] = systemLanguages
  ) -> Language {
    if let chosen = environment[variable].flatMap(Language.init(rawValue:)) { return chosen }
    let locale =
      environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
      ?? environment["LANG"].flatMap { $0.isEmpty ? nil : $0 }
    let language = locale ?? preferredLanguages.first
    return language?.hasPrefix("ko") == true ? .korean : .english
  }

  /// The languages the system prefers, first first: on macOS, System Settings' list, which a
  /// program started from Xcode or the Finder follows, since neither sets `LANG`. Empty
  /// elsewhere: there `LANG` is the system's setting.
  public static var systemLanguages: [String] {
    #if canImport(Darwin)
      Locale.preferredLanguages
    #else
      []
    #endif
  }
}
