import KooberKit
import ObjectTrace
import TracePictures

/// The workbook's chapters, in one list: every other list of chapters — the manifest's, the
/// tests', the diff's, CI's — follows from this one or is checked against it
/// (`CatalogTests`), as rustlings checks its manifest against its `info.toml`.
public enum ChapterCatalog {
  /// One chapter's place in the workbook.
  public struct Entry: Sendable, Equatable {
    /// 1 to 7.
    public let number: Int
    /// Its title in Korean, as its Korean lesson's heading has it: the Korean pictures and
    /// explorer show it where the English ones show the composition's `Chapter.title`.
    public let koreanTitle: String
    /// The folder of its lesson, goldens and exercise, e.g. `Chapters/04-container-hierarchy`.
    public let folder: String
    /// Its composition's module, e.g. `Chapter4ContainerHierarchy`.
    public let module: String
    /// The step its lesson pictures (`sign-out.svg`), or `nil` for chapter 5's preview.
    public let lessonStep: StoryStep?
    /// Whether it keeps state in globals (chapters 1 and 2): a second story in one process would
    /// start where the first ended, so tests play it in a fresh process.
    public var keepsGlobals = false
    /// Whether its story keeps objects past their scope on purpose, the lesson's stale findings
    /// and retention paths (chapters 2 and 3).
    public var keepsObjectsPastTheirScope = false
    /// Whether its composition resolves objects at run time, so `--cost` counts resolves.
    public var resolvesAtRunTime = false
    /// Whether it is the baseline (1×) of `workbook cost`'s ratios.
    public var isCostBaseline = false
    /// Whether it talks HTTP to the stub server (chapter 5), so links the networking stack
    /// (FoundationNetworking and curl on Linux); the others link FoundationEssentials only.
    public var talksHTTP = false

    /// Its executable: `chapter4`.
    public var executable: String { "chapter\(number)" }
  }

  /// Every chapter, in reading order.
  public static let all: [Entry] = [
    Entry(
      number: 1, koreanTitle: "필요할 때 만들기", folder: "Chapters/01-on-demand",
      module: "Chapter1OnDemand", lessonStep: .quit,
      keepsGlobals: true),
    Entry(
      number: 2, koreanTitle: "팩토리", folder: "Chapters/02-factories", module: "Chapter2Factories",
      lessonStep: .quit,
      keepsGlobals: true, keepsObjectsPastTheirScope: true),
    Entry(
      number: 3, koreanTitle: "컨테이너 하나", folder: "Chapters/03-single-container",
      module: "Chapter3SingleContainer",
      lessonStep: .signOut, keepsObjectsPastTheirScope: true),
    Entry(
      number: 4, koreanTitle: "컨테이너 계층", folder: "Chapters/04-container-hierarchy",
      module: "Chapter4ContainerHierarchy",
      lessonStep: .signOut, isCostBaseline: true),
    Entry(
      number: 5, koreanTitle: "프로토콜 기반 DI", folder: "Chapters/05-protocol-di",
      module: "Chapter5ProtocolDI", lessonStep: nil, talksHTTP: true),
    Entry(
      number: 6, koreanTitle: "런타임 컨테이너", folder: "Chapters/06-runtime-container",
      module: "Chapter6RuntimeContainer",
      lessonStep: .signOut, resolvesAtRunTime: true),
    Entry(
      number: 7, koreanTitle: "앰비언트 의존성", folder: "Chapters/07-ambient-dependencies",
      module: "Chapter7AmbientDependencies",
      lessonStep: .signOut),
  ]

  /// `trace` as the pictures show it to a reader of `language`: in Korean, with its chapter's
  /// Korean title (the html and svg formats; the others are English only).
  public static func localized(_ trace: Trace, in language: Language) -> Trace {
    guard language == .korean, let entry = all.first(where: { $0.number == trace.chapter })
    else { return trace }
    var shown = trace
    // What follows the chapter's title: chapter 5's `preview of profile`.
    let rest = trace.title.firstRange(of: " — ").map { trace.title[$0.upperBound...] }
    shown.title =
      entry.koreanTitle
      + (rest.map { " — " + ($0.hasPrefix("preview of ") ? "\($0.dropFirst(11)) 미리 보기" : $0) }
        ?? "")
    return shown
  }

  /// The workbook's pages on each finding kind, which every trace it prints points to.
  public static let findingPages = FindingPages(
    folder: "Chapters/findings", folderFromChapter: "../findings")

  /// How the workbook's pictures draw Koober's scopes: the app, onboarding, signed-in, then
  /// untraced regions, each titled by what one of its scope is (a ride request's `pick-me-up`,
  /// which no chapter's story opens, follows untraced as any other scope does).
  public static let scopeStyle = ScopeStyle([
    .init(.app),
    .init(
      .onboarding,
      title: Localized(
        en: "onboarding scope — one per time onboarding is shown",
        ko: "온보딩 스코프 — 온보딩을 보여 줄 때마다 하나")),
    .init(
      .signedIn,
      title: Localized(
        en: "signed-in scope — one per signed-in session", ko: "로그인 후 스코프 — 로그인 세션마다 하나")),
    .init(.untraced),
  ])

  /// The chapters' numbers.
  public static var numbers: [Int] { all.map(\.number) }

  /// The chapter numbered `number`, if there is one.
  public static func entry(_ number: Int) -> Entry? { all.first { $0.number == number } }
}
