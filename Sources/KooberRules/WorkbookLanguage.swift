import ObjectTrace

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

  /// The language ``variable`` names (`en`, `ko`), or — without it — Korean when `LC_ALL` (or
  /// else `LANG`) asks for it; English otherwise.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Language {
    if let chosen = environment[variable].flatMap(Language.init(rawValue:)) { return chosen }
    let locale = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"]
    return locale?.hasPrefix("ko") == true ? .korean : .english
  }
}
