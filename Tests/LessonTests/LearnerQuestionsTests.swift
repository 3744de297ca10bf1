import ChapterTestSupport
import Foundation
import Testing

/// What a learner working alone asked, answered where they were looking: each answer in both
/// languages, checked against the code it names.
@Suite struct LearnerQuestionsTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: Chapters.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// "Is the `Lifetime` token DI practice or the workbook's instrument?" — chapter 4's lesson
  /// says, before the trace it explains, and what the learner's own app does instead.
  @Test(arguments: [
    ("README.md", "It is not\n> part of dependency injection"),
    ("README.ko.md", "의존성 주입의 일부가 아니며"),
  ])
  func chapter4SaysWhatTheTokenIs(lesson: String, sentence: String) throws {
    let text = try Self.text("Chapters/04-container-hierarchy/" + lesson)
    let answer = try #require(text.range(of: sentence))
    let trace = try #require(text.range(of: "```text"))
    #expect(answer.lowerBound < trace.lowerBound)
    #expect(text.contains("(../testing/lifetimes/README"))
  }

  /// "Which method and initializer does step 3 need?" — exercise 4's task names both, as
  /// KooberKit declares them.
  @Test(arguments: ["TASK.md", "TASK.ko.md"])
  func exercise4sStep3NamesWhatItNeeds(task: String) throws {
    let text = try Self.text("Chapters/04-container-hierarchy/" + task)
    let factory = try Self.text("Sources/KooberKit/Onboarding/ViewModelFactories.swift")
    let profile = try Self.text("Sources/KooberKit/SignedIn/Profile.swift")
    #expect(text.contains("`makeProfileViewModel()`"))
    #expect(factory.contains("func makeProfileViewModel() -> ProfileViewModel"))
    #expect(
      text.contains(
        "`init(userSession:notSignedInResponder:doneWithProfileResponder:userSessionRepository:)`"))
    #expect(
      profile.contains(
        """
        userSession: UserSession, notSignedInResponder: any NotSignedInResponder,
            doneWithProfileResponder: any DoneWithProfileResponder,
            userSessionRepository: any UserSessionRepository
        """))
  }
}
