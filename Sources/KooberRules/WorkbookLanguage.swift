#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The language the workbook speaks to a learner: `en` or `ko`.
///
/// `workbook --lang ko` tells the exercises it runs through ``variable``; run on their own, they
/// follow the locale, as `workbook` does without `--lang`.
public enum WorkbookLanguage {
  /// The environment variable `workbook` sets for the exercises it runs.
  public static let variable = "WORKBOOK_LANG"

  /// `ko` when ``variable`` says so, or — without it — when `LC_ALL` (or else `LANG`) asks for
  /// Korean; `en` otherwise.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let chosen = environment[variable], ["en", "ko"].contains(chosen) { return chosen }
    let locale = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"]
    return locale?.hasPrefix("ko") == true ? "ko" : "en"
  }
}
