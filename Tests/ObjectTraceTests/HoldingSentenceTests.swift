import Testing

@testable import ObjectTrace

/// The one sentence every finding, the trait and the rules use for what keeps an object alive,
/// in English and in Korean: the rules no longer translate it by hand.
@Suite struct HoldingSentenceTests {
  @Test func aChainFromARootIsNamedInBothLanguages() {
    let text = Trace.holding(
      by: ["AppContainer#1.lastSession"], keeper: .path("app.container.lastSession"))
    #expect(text.en == "held by AppContainer#1.lastSession (kept by app.container.lastSession)")
    #expect(
      text.ko == "붙잡은 곳: AppContainer#1.lastSession (app.container.lastSession 경로로 살아 있음)")
  }

  /// A closure's capture and a global are places the Korean sentence says in Korean; the cycle's
  /// closure step too.
  @Test func aCycleThroughAClosureIsNamedInBothLanguages() {
    let text = Trace.holding(
      by: ["the closure in Screen#1.onTap", "the global Cache.shared"],
      keeper: .cycle("Screen#1.onTap (a closure) → Screen#1"))
    #expect(
      text.en == """
        held by the closure in Screen#1.onTap, the global Cache.shared \
        (kept by the cycle Screen#1.onTap (a closure) → Screen#1)
        """)
    #expect(
      text.ko == """
        붙잡은 곳: Screen#1.onTap의 클로저, 전역 변수 Cache.shared \
        (순환 참조로 살아 있음: Screen#1.onTap (클로저) → Screen#1)
        """)
  }

  @Test func noChainAndNoHolderAreSaidAsSuch() {
    let unchained = Trace.holding(by: ["Session#1.next"], keeper: nil)
    #expect(unchained.en == "held by Session#1.next; " + Trace.noRetentionChain)
    #expect(unchained.ko == "붙잡은 곳: Session#1.next. " + Trace.noRetentionChainInKorean)
    let unheld = Trace.holding(by: [], keeper: nil, weakly: ["Observer#1.target (weak)"])
    #expect(
      unheld.en == "held by no stored strong reference; " + Trace.noRetentionChain
        + "; Observer#1.target (weak) refers to it but holds nothing")
    #expect(
      unheld.ko == "이 객체를 붙잡은 저장된 강한 참조가 없다. " + Trace.noRetentionChainInKorean
        + ". Observer#1.target (weak)는 이 객체를 가리키기만 하고 붙잡지는 않는다")
  }
}
