import ChapterTestSupport
import Foundation
import Testing

/// The pictures say what they mean in text, not only in colour: each finding is written in its
/// object's label, and each declared global is a labelled entry point.
@Suite struct PictureTests {
  @Test func findingsAreLabelledInBothPictureFormats() throws {
    let mermaid = try ExecutableRun.shared("chapter3", ["--format", "mermaid"]).standardOutput
    #expect(mermaid.contains("[\"OnboardingViewModel#1<br/>⚠ stale\"]:::onboarding"))
    #expect(mermaid.contains("[\"KooberAppDependencyContainer#1<br/>⚠ captive\"]:::app"))
    let dot = try ExecutableRun.shared("chapter3", ["--format", "dot"]).standardOutput
    #expect(dot.contains("label=\"OnboardingViewModel#1\\nonboarding\\n⚠ stale\""))
  }

  @Test func globalsAreMarkedAsEntryPoints() throws {
    let mermaid = try ExecutableRun.shared("chapter2", ["--format", "mermaid"]).standardOutput
    #expect(mermaid.contains("([\"global GlobalMainViewModel\"]):::global"))
    let dot = try ExecutableRun.shared("chapter2", ["--format", "dot"]).standardOutput
    #expect(dot.contains("[label=\"global GlobalUserSessionRepository\", shape=ellipse"))
    let none = try ExecutableRun.shared("chapter4", ["--format", "mermaid"]).standardOutput
    #expect(!none.contains(":::global\n"))  // chapter 4 has no globals
  }
}
