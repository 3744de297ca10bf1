import ObjectTrace

/// The words of the pictures and the explorer page (`--format svg`, `--format html`), in English
/// or Korean (`--lang`). Ids, type names, step names and finding kinds stay as the trace prints
/// them; a finding's detail stays English, as in every other format.
package struct ExplorerTexts: Sendable, Equatable {
  /// The language: its code is the page's `lang` attribute.
  package var language: Language
  /// The titles of the app's and the untraced scope's regions, by scope name; a ``ScopeStyle``
  /// titles the others, or else their name does.
  package var regionTitles: [String: String]
  /// The mark on an object created in the step.
  package var created: String
  /// The mark on an object released in the step.
  package var released: String
  /// The mark on an object a declared global holds.
  package var global: String
  /// A chapter's heading: number and title.
  package var chapterTitle: @Sendable (Int?, String) -> String
  /// The page's title: chapter number and title.
  package var pageTitle: @Sendable (Int?, String) -> String
  /// The diff page's title.
  package var diffTitle: @Sendable (Int?, Int?) -> String
  /// `Step 3 of 5: sign-out`.
  package var stepOf: @Sendable (Int, Int, String) -> String
  /// The step controls.
  package var previous: String
  package var next: String
  /// `Screen:` before the step's screen line.
  package var screen: String
  /// The keyboard hint beside the controls.
  package var keys: String
  /// The details panel before an object is chosen.
  package var choose: String
  /// The details panel's labels.
  package var scope: String
  package var type: String
  package var heldBy: String
  package var onlyScreens: String
  package var references: String
  package var referencedBy: String
  package var findings: String
  package var none: String
  package var notDrawn: String
  /// The timeline strip's title, and its cells' words.
  package var timeline: String
  package var alive: String
  /// The collapsible text section's title.
  package var textTrace: String
  /// The legend's title and lines.
  package var legend: String
  package var legendLines: [String]
  /// The diff page: what only one chapter has, and its summary section.
  package var onlyIn: @Sendable (Int?) -> String
  package var diffSummary: String
  /// A picture's accessible description.
  package var pictureLabel: @Sendable (Int?, String) -> String

  /// The texts in `language`.
  package static func `in`(_ language: Language) -> ExplorerTexts {
    switch language {
    case .english: .english
    case .korean: .korean
    }
  }

  package static func == (left: ExplorerTexts, right: ExplorerTexts) -> Bool {
    left.language == right.language
  }

  /// The English texts.
  package static let english: ExplorerTexts = ExplorerTexts(
    language: .english,
    regionTitles: [
      "app": "app scope — one per app run",
      "untraced": "untraced — no Lifetime token, so the scope is unknown",
    ],
    created: "new", released: "released", global: "global",
    chapterTitle: { Trace.heading(chapter: $0, title: $1) },
    pageTitle: { Trace.heading(chapter: $0, title: $1) + " — trace explorer" },
    diffTitle: { before, after in
      guard let before, let after else { return "Two runs, side by side" }
      return "Chapter \(before) and chapter \(after), side by side"
    },
    stepOf: { "Step \($0) of \($1): \($2)" },
    previous: "← Previous", next: "Next →", screen: "Screen:",
    keys: "← and → keys step too; A shows every reference. Choose an object for its details and "
      + "all its references.",
    choose: "Choose an object (click it, or Tab to it) to see its scope, holders and references.",
    scope: "scope", type: "type", heldBy: "held by", onlyScreens: "only screens or other objects",
    references: "stored references", referencedBy: "referenced by", findings: "findings",
    none: "none", notDrawn: "not alive in this step",
    timeline: "Lifetimes: every object × every step", alive: "alive",
    textTrace: "The step as text (the trace and its facts)",
    legend: "How to read the picture",
    legendLines: [
      "A region is a scope; a card is one object, always in the same place.",
      "new: created in this step. released: deinitialised in this step (it fades, then is gone).",
      "⚠ kind: a finding on the object (stale, captive, leak, torn, untraced).",
      "A solid arrow is a stored strong reference; a dotted one is weak or unowned and holds "
        + "nothing. A dashed grey one points back to an object already reached (a shared "
        + "object): it shows when you choose one of its ends, or with every other one after A.",
    ],
    onlyIn: { chapter in chapter.map { "only in chapter \($0)" } ?? "only in this run" },
    diffSummary: "What differs in this step",
    pictureLabel: { chapter, step in
      (chapter.map { "Chapter \($0), step " } ?? "Step ") + "\(step): the live objects by scope"
    })

  /// The Korean texts.
  package static let korean: ExplorerTexts = ExplorerTexts(
    language: .korean,
    regionTitles: [
      "app": "앱 스코프 — 앱을 실행할 때마다 하나",
      "untraced": "untraced — Lifetime 토큰이 없어 스코프를 알 수 없음",
    ],
    created: "새로 만듦", released: "해제됨", global: "전역",
    chapterTitle: { chapter, title in chapter.map { "\($0)장: \(title)" } ?? title },
    pageTitle: { chapter, title in
      (chapter.map { "\($0)장: \(title)" } ?? title) + " — 트레이스 탐색기"
    },
    diffTitle: { before, after in
      guard let before, let after else { return "두 실행 나란히 보기" }
      return "\(before)장과 \(after)장 나란히 보기"
    },
    stepOf: { "\($1)단계 중 \($0)단계: \($2)" },
    previous: "← 이전", next: "다음 →", screen: "화면:",
    keys: "← → 키로도 단계를 넘길 수 있고, A 키를 누르면 모든 참조가 보입니다. 객체를 고르면 그 "
      + "객체의 자세한 내용과 참조가 모두 나옵니다.",
    choose: "객체를 고르면(클릭하거나 Tab으로 이동) 스코프, 붙잡은 객체, 참조가 나옵니다.",
    scope: "스코프", type: "타입", heldBy: "붙잡은 객체", onlyScreens: "화면이나 다른 객체뿐",
    references: "저장된 참조", referencedBy: "이 객체를 참조하는 곳", findings: "finding",
    none: "없음", notDrawn: "이 단계에는 살아 있지 않음",
    timeline: "수명: 모든 객체 × 모든 단계", alive: "살아 있음",
    textTrace: "이 단계를 텍스트로 보기 (트레이스와 facts 형식)",
    legend: "그림 읽는 법",
    legendLines: [
      "영역 하나가 스코프 하나이고, 카드 하나가 객체 하나입니다. 카드는 늘 같은 자리에 있습니다.",
      "새로 만듦: 이 단계에서 만들어짐. 해제됨: 이 단계에서 해제됨(흐려졌다가 사라집니다).",
      "⚠ 종류: 그 객체의 finding(stale, captive, leak, torn, untraced).",
      "실선 화살표는 저장된 강한 참조이고, 점선은 약한 참조(weak)나 미소유 참조(unowned)라서 아무것도 "
        + "붙잡지 않습니다. 회색 파선은 앞에서 이미 나온 객체(공유 객체)를 가리키는 되돌아가는 "
        + "참조입니다. 양 끝 객체 가운데 하나를 고르면 보이고, A 키를 누르면 되돌아가는 참조가 모두 "
        + "한꺼번에 보입니다.",
    ],
    onlyIn: { chapter in chapter.map { "\($0)장에만 있음" } ?? "이 실행에만 있음" },
    diffSummary: "이 단계에서 다른 점",
    pictureLabel: { chapter, step in
      (chapter.map { "\($0)장 " } ?? "") + "\(step) 단계: 스코프별로 본 살아 있는 객체"
    })
}
