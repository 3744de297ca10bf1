import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// MARK: - The language a process speaks

// The workbook's own programs read these (`package`): a library that re-exports `Bilingual`
// (TracePictures) shows its users none of them.
extension Language {
  /// The environment variable `workbook` sets for the programs it runs: `en` or `ko`.
  package static let environmentVariable = "WORKBOOK_LANG"

  /// The language this process speaks to a learner: the one its own `--lang` chose
  /// (``choose(_:)``), or else the one ``fromEnvironment(_:preferredLanguages:)`` finds. A
  /// composition that words a refusal (chapter 6's `verify()`) reads it too.
  package static var current: Language { chosen.withLock { $0 } ?? fromEnvironment() }

  /// Makes `language` the one ``current`` returns from now on: a program's `--lang`, read once
  /// at start. The process environment is left as it was (no `setenv`, which would race with
  /// any thread reading it).
  package static func choose(_ language: Language) { chosen.withLock { $0 = language } }

  private static let chosen = Mutex<Language?>(nil)

  /// The language ``environmentVariable`` names (`en`, `ko`), or — without it — Korean when
  /// `LC_ALL` (or else `LANG`) asks for it, or when neither is set and the system's first
  /// preferred language is Korean; English otherwise.
  package static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment,
    preferredLanguages: [String] = systemLanguages
  ) -> Language {
    if let chosen = environment[environmentVariable].flatMap(Language.init(rawValue:)) {
      return chosen
    }
    let locale =
      environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
      ?? environment["LANG"].flatMap { $0.isEmpty ? nil : $0 }
    let language = locale ?? preferredLanguages.first
    return language?.hasPrefix("ko") == true ? .korean : .english
  }

  /// The languages the system prefers, first first: on macOS, System Settings' list, which a
  /// program started from Xcode or the Finder follows, since neither sets `LANG`. Empty
  /// elsewhere: there `LANG` is the system's setting.
  package static var systemLanguages: [String] {
    #if canImport(Darwin)
      Locale.preferredLanguages
    #else
      []
    #endif
  }
}
