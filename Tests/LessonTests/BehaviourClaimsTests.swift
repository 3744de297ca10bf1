import ChapterTestSupport
import Foundation
import Testing

/// Sentences of the lessons that say what the programs print or refuse, each checked against the
/// goldens or a run: when the behaviour changes, the sentence's test fails before a reader does.
/// (Four such sentences went false when `verify()` changed what chapter 6 does at launch.)
@Suite struct BehaviourClaimsTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: Chapters.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// "Chapters 1 to 5 show no `(weak)` edge; chapter 6's trace shows `parent.object (weak) →
  /// Container#1`" (why-di, and the weak finding's page, both languages).
  @Test func onlyChapterSixsTraceShowsAWeakEdge() throws {
    for number in Chapters.numbers {
      let golden = try String(
        contentsOf: Chapters.folder(number).appendingPathComponent("trace.txt"), encoding: .utf8)
      #expect(golden.contains("(weak)") == (number == 6), "chapter \(number)")
    }
    let chapter6 = try String(
      contentsOf: Chapters.folder(6).appendingPathComponent("trace.txt"), encoding: .utf8)
    #expect(chapter6.contains("parent.object (weak) → Container#1"))
    for lesson in [
      "Chapters/why-di/README.md", "Chapters/why-di/README.ko.md", "Chapters/findings/weak.md",
      "Chapters/findings/weak.ko.md",
    ] {
      #expect(try Self.text(lesson).contains("`parent.object (weak) → Container#1`"), "\(lesson)")
    }
  }

  /// "`--mistake wrong-scope` is refused at launch by `verify()`, and with `--verify off` shows
  /// `stale` and `captive` at sign-out" (the README's chapter table, both languages).
  @Test func theWrongScopeIsRefusedAtLaunchAndSeenUnverified() throws {
    let refused = try ExecutableRun.shared("chapter6", ["--mistake", "wrong-scope"])
    #expect(refused.status != 0)
    #expect(refused.standardError.contains("verify() refused the registrations at launch"))
    let unverified = try ExecutableRun.shared(
      "chapter6", ["--mistake", "wrong-scope", "--verify", "off"])
    let signOut = try #require(
      unverified.standardOutput.components(separatedBy: "── step 3: sign-out").dropFirst().first?
        .components(separatedBy: "── step 4").first)
    #expect(signOut.contains("! stale "))
    #expect(signOut.contains("! captive "))
    #expect(try Self.text("README.md").contains("is refused at launch by `verify()`"))
    #expect(try Self.text("README.ko.md").contains("launch에서 `verify()`가 거부하고"))
  }

  /// "Give swift-dependencies' nonisolated `liveValue` a `@MainActor` view model and Swift 6
  /// refuses it: `call to main actor-isolated initializer 'init()' in a synchronous nonisolated
  /// context`" (chapter 7, both languages). The requirement is copied from swift-dependencies
  /// 1.17.1 (`DependencyKey.swift:63`, `:72`, `:123`), the view model is Koober's shape; the
  /// compiler that builds these tests type-checks it.
  @Test func aMainActorLiveValueForANonisolatedRequirementDoesNotCompile() throws {
    let snippet = """
      public protocol TestDependencyKey<Value> {
        associatedtype Value: Sendable = Self
      }
      public protocol DependencyKey<Value>: TestDependencyKey {
        static var liveValue: Value { get }
      }
      @MainActor public final class MainViewModel {
        public private(set) var view = 0
        public init() {}
      }
      enum MainViewModelKey: DependencyKey {
        static var liveValue: MainViewModel { MainViewModel() }
      }
      """
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("koober-main-actor-live-value-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("MainViewModelKey.swift")
    try snippet.write(to: file, atomically: true, encoding: .utf8)
    let run = try ExecutableRun(
      command: ["swiftc", "-swift-version", "6", "-typecheck", file.path])
    let printed = run.standardOutput + run.standardError
    let message =
      "call to main actor-isolated initializer 'init()' in a synchronous nonisolated context"
    #expect(run.status != 0)
    #expect(printed.contains(message), "swiftc printed: \(printed)")
    for lesson in [
      "Chapters/07-ambient-dependencies/README.md", "Chapters/07-ambient-dependencies/README.ko.md",
    ] {
      #expect(try Self.text(lesson).contains("`\(message)`"), "\(lesson)")
    }
  }
}
