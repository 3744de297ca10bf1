import Testing

@testable import ObjectTrace
@testable import TracePictures

/// Each particle takes the form that fits the word before it, read as Korean developers read it.
@Suite struct KoreanParticleTests {
  /// A word, then the particles that fit it: subject, object, topic, "and/with", "toward".
  static let words: [(String, String, String, String, String, String)] = [
    // Hangul: as written.
    ("메인 뷰 모델", "이", "을", "은", "과", "로"),
    ("컨테이너", "가", "를", "는", "와", "로"),
    ("세션", "이", "을", "은", "과", "으로"),
    // Ids: the number in Sino-Korean.
    ("OnboardingViewController#1", "이", "을", "은", "과", "로"),
    ("MainViewModel#2", "가", "를", "는", "와", "로"),
    ("SignedInViewModel#3", "이", "을", "은", "과", "으로"),
    ("chapter10", "이", "을", "은", "과", "으로"),
    // Every other last digit: 사 오 구 end in a vowel, 육 in a consonant, 칠 팔 in ㄹ.
    ("MainViewModel#4", "가", "를", "는", "와", "로"),
    ("MainViewModel#5", "가", "를", "는", "와", "로"),
    ("MainViewModel#6", "이", "을", "은", "과", "으로"),
    ("MainViewModel#7", "이", "을", "은", "과", "로"),
    ("MainViewModel#8", "이", "을", "은", "과", "로"),
    ("MainViewModel#9", "가", "를", "는", "와", "로"),
    // Code names: the last English word.
    ("MainViewModel", "이", "을", "은", "과", "로"),
    ("KooberAppDependencyContainer", "가", "를", "는", "와", "로"),
    ("SignUpViewModel#1.signedInResponder", "가", "를", "는", "와", "로"),
    ("KooberSignedInDependencyContainer#1.userSession", "이", "을", "은", "과", "으로"),
    ("Lifetime", "이", "을", "은", "과", "으로"),
    ("state.json", "이", "을", "은", "과", "으로"),
    ("HINTS.ko.md", "가", "를", "는", "와", "로"),
    ("`theRightPasswordTellsTheResponder()`", "가", "를", "는", "와", "로"),
    ("profile", "이", "을", "은", "과", "로"),
    ("state.lock", "이", "을", "은", "과", "으로"),
    ("signUp", "이", "을", "은", "과", "으로"),
    ("UserSessionType", "이", "을", "은", "과", "으로"),
    ("check", "가", "를", "는", "와", "로"),
    // Acronyms: letter by letter.
    ("URL", "이", "을", "은", "과", "로"),
    ("API", "가", "를", "는", "와", "로"),
    ("HTM", "이", "을", "은", "과", "으로"),
  ]

  @Test(arguments: words)
  func eachParticleFitsTheWordBeforeIt(
    word: String, subject: String, object: String, topic: String, with: String, toward: String
  ) {
    #expect(KoreanParticle.subject.after(word) == subject)
    #expect(KoreanParticle.object.after(word) == object)
    #expect(KoreanParticle.topic.after(word) == topic)
    #expect(KoreanParticle.with.after(word) == with)
    #expect(KoreanParticle.toward.after(word) == toward)
  }

  @Test func anInterpolationWritesTheWordAndItsParticle() {
    let type = "MainViewModel"
    let id = "MainViewModel#2"
    #expect("\(type, .subject) 살아 있습니다" == "MainViewModel이 살아 있습니다")
    #expect("\(id, .subject) 살아 있습니다" == "MainViewModel#2가 살아 있습니다")
    #expect("종료 상태 \(Int32(1), .toward) 끝났습니다" == "종료 상태 1로 끝났습니다")
  }
}
