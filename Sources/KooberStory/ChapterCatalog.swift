import ObjectTrace
import TracePictures

/// The workbook's chapters, in one list: every other list of chapters — the manifest's, the
/// tests', the diff's, CI's — follows from this one or is checked against it
/// (`CatalogTests`), as rustlings checks its manifest against its `info.toml`.
public enum ChapterCatalog {
  /// One chapter's place in the workbook.
  public struct Entry: Sendable, Equatable {
    /// 1 to 6.
    public let number: Int
    /// The folder of its lesson, goldens and exercise, e.g. `Chapters/04-container-hierarchy`.
    public let folder: String
    /// Its composition's module, e.g. `Chapter4ContainerHierarchy`.
    public let module: String
    /// The step its lesson pictures (`sign-out.svg`), or `nil` for chapter 5's preview.
    public let lessonStep: StoryStep?

    /// Its executable: `chapter4`.
    public var executable: String { "chapter\(number)" }
  }

  /// Every chapter, in reading order.
  public static let all: [Entry] = [
    Entry(
      number: 1, folder: "Chapters/01-on-demand", module: "Chapter1OnDemand", lessonStep: .quit),
    Entry(
      number: 2, folder: "Chapters/02-factories", module: "Chapter2Factories", lessonStep: .quit),
    Entry(
      number: 3, folder: "Chapters/03-single-container", module: "Chapter3SingleContainer",
      lessonStep: .signOut),
    Entry(
      number: 4, folder: "Chapters/04-container-hierarchy", module: "Chapter4ContainerHierarchy",
      lessonStep: .signOut),
    Entry(
      number: 5, folder: "Chapters/05-protocol-di", module: "Chapter5ProtocolDI", lessonStep: nil),
    Entry(
      number: 6, folder: "Chapters/06-runtime-container", module: "Chapter6RuntimeContainer",
      lessonStep: .signOut),
  ]

  /// The workbook's pages on each finding kind, which every trace it prints points to.
  public static let findingPages = FindingPages(
    folder: "Chapters/findings", folderFromChapter: "../findings")

  /// The chapters' numbers.
  public static var numbers: [Int] { all.map(\.number) }

  /// The chapter numbered `number`, if there is one.
  public static func entry(_ number: Int) -> Entry? { all.first { $0.number == number } }
}
