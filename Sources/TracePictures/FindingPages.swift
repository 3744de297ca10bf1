import ObjectTrace

/// Where each finding kind's reference page is, for the renderers that point to it (the text
/// trace, the timeline, the explorer). The workbook says where its pages are; a trace rendered
/// without them points nowhere.
public struct FindingPages: Sendable, Equatable {
  /// The pages' folder from the package root, e.g. `Chapters/findings`.
  public let folder: String
  /// The same folder from a chapter's folder, where the timeline is kept, e.g. `../findings`.
  public let folderFromChapter: String

  /// Pages in `folder`, which is `folderFromChapter` from a chapter's folder.
  public init(folder: String, folderFromChapter: String) {
    self.folder = folder
    self.folderFromChapter = folderFromChapter
  }

  /// The page of `kind` from the package root: `Chapters/findings/stale.md`, `….ko.md` in
  /// Korean.
  public func page(_ kind: Trace.Finding.Kind, language: Language = .english) -> String {
    "\(folder)/\(kind.rawValue)\(language.documentSuffix).md"
  }

  /// The English page of `kind` from a chapter's folder: `../findings/stale.md`.
  public func pageFromChapter(_ kind: Trace.Finding.Kind) -> String {
    "\(folderFromChapter)/\(kind.rawValue).md"
  }
}
