import Bilingual

// MARK: - What keeps an object alive, in one sentence per language

extension Trace {
  /// What keeps an object alive beyond its holders: the chain from a root, or a cycle no root
  /// reaches.
  package enum Keeper: Equatable, Sendable {
    /// The chain of stored strong references from a root: `app.appContainer.session`.
    case path(String)
    /// The cycle of stored strong references that keeps it: `A#1.b → B#1.a → A#1`.
    case cycle(String)
  }

  /// The one sentence every finding, the trait and the rules use for what keeps a live object
  /// alive, in English and Korean. `names` are its holders as the tracer writes places
  /// (`A#1.x`, `the closure in A#1.f`, `the global G`); `keeper` is what keeps them, if the walk
  /// found it; `weakly` names the `weak` or `unowned` references to it, which hold nothing.
  ///
  /// English: `held by A#1.x (kept by app.a.x)`, `held by A#1.x (kept by the cycle …)`, or with
  /// ``noRetentionChain``. Korean: `붙잡은 곳: A#1.x (app.a.x 경로로 살아 있음)`,
  /// `… (순환 참조로 살아 있음: …)`, or with ``noRetentionChainInKorean``.
  package static func holding(by names: [String], keeper: Keeper?, weakly: [String] = [])
    -> Localized
  {
    let weak = weakly.joined(separator: ", ")
    let weakNote = Localized(
      en: weakly.isEmpty
        ? ""
        : "; \(weak) "
          + (weakly.count == 1 ? "refers to it but holds nothing" : "refer to it but hold nothing"),
      ko: weakly.isEmpty
        ? ""
        : ". \(weakly.map(koreanPlace).joined(separator: ", "))"
          + "\(KoreanParticle.topic.after(weakly.last ?? "")) 이 객체를 가리키기만 하고 붙잡지는 않는다")
    guard !names.isEmpty else {
      return Localized(
        en: "held by no stored strong reference; " + noRetentionChain + weakNote.en,
        ko: "이 객체를 붙잡은 저장된 강한 참조가 없다. " + noRetentionChainInKorean + weakNote.ko)
    }
    let english =
      switch keeper {
      case .path(let path): " (kept by \(path))"
      case .cycle(let cycle): " (kept by the cycle \(cycle))"
      case nil: "; " + noRetentionChain
      }
    let korean =
      switch keeper {
      case .path(let path): " (\(path) 경로로 살아 있음)"
      case .cycle(let cycle): " (순환 참조로 살아 있음: \(koreanCycle(cycle)))"
      case nil: ". " + noRetentionChainInKorean
      }
    let held = heldBy(names)
    return Localized(en: held.en + english + weakNote.en, ko: held.ko + korean + weakNote.ko)
  }

  /// The holders alone, as ``holding(by:keeper:weakly:)`` begins: `held by A#1.x, B#1.y`,
  /// `붙잡은 곳: A#1.x, B#1.y`.
  package static func heldBy(_ names: [String]) -> Localized {
    Localized(
      en: "held by " + names.joined(separator: ", "),
      ko: "붙잡은 곳: " + names.map(koreanPlace).joined(separator: ", "))
  }

  /// ``noRetentionChain`` in Korean.
  package static let noRetentionChainInKorean =
    "루트나 전역 변수에서 강한 참조를 따라 이 객체까지 이어지는 경로가 없다: 순환 참조나, "
    + "그래프 탐색이 닿지 않은 `static`·전역 변수·클로저가 이 객체를 살려 두고 있다"

  /// A place as the tracer writes it, in Korean: `the closure in Holder#1.label` →
  /// `Holder#1.label의 클로저`, `the global G` → `전역 변수 G`; any other place as it is.
  package static func koreanPlace(_ english: String) -> String {
    if english.hasPrefix(ObjectGraph.Link.closurePlace) {
      return english.dropFirst(ObjectGraph.Link.closurePlace.count) + "의 클로저"
    }
    if english.hasPrefix(globalPlace) { return "전역 변수 " + english.dropFirst(globalPlace.count) }
    return english
  }

  /// How a holder that is a declared global is named among the places: `the global G`.
  package static let globalPlace = "the global "

  /// A cycle's steps in Korean: `Holder#1.label (a closure)` → `Holder#1.label (클로저)`.
  package static func koreanCycle(_ english: String) -> String {
    english.replacing(ObjectGraph.Link.closureStep, with: " (클로저)")
  }
}
