import Bilingual
import ExerciseRuntime
import ObjectTrace

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// MARK: - Exercises 9 and 11: grading a learner's tests by the bugs they catch

/// What one run of a learner's tests did: which tests ran, which failed and why, and how the
/// run ended.
public struct TestRun: Equatable, Sendable {
  /// How the run's process ended.
  public enum Ending: Equatable, Sendable {
    /// It ran every test (whether or not they passed).
    case finished
    /// A test reached a `todo(…)`: the line it printed.
    case todo(String)
    /// It crashed: the runtime's line about why, or the signal.
    case crashed(String)
    /// It was stopped for taking too long.
    case timedOut
  }

  /// The tests that exist, by name (`aWrongPasswordShowsAnError()`), in the order the testing
  /// library listed them.
  public var tests: [String] = []
  /// Each failing test's first issue (`Expectation failed: …`), by name.
  public var failures: [String: String] = [:]
  /// The test that started and never ended: the one running when the process stopped.
  public var unfinished: String?
  /// How it ended.
  public var ending: Ending

  /// A run that ended as `ending`, its tests read from the testing library's event stream
  /// (JSON lines, schema version 0): what the process wrote before it ended, even if it crashed.
  public init(events: String, ending: Ending) {
    self.ending = ending
    var names: [String: String] = [:]
    var running: [String] = []
    let decoder = JSONDecoder()
    for line in events.split(separator: "\n") {
      guard let record = try? decoder.decode(EventRecord.self, from: Data(line.utf8)) else {
        continue
      }
      let payload = record.payload
      if record.kind == "test", payload.kind == "function", let id = payload.id,
        let name = payload.name
      {
        names[id] = name
        tests.append(name)
        continue
      }
      guard record.kind == "event", let id = payload.testID, let name = names[id] else {
        continue
      }
      switch payload.kind {
      case "testStarted": running.append(name)
      case "testEnded": running.removeAll { $0 == name }
      case "issueRecorded" where payload.issue?.isKnown != true:
        if failures[name] == nil {
          failures[name] = Self.issueText(payload.messages ?? [])
        }
      default: break
      }
    }
    unfinished = running.first
  }

  /// An issue's text as the testing library's lines give it: its first message and the comment
  /// after it (`Expectation failed: (session → …) == nil — the session outlives its screens`).
  /// A caught error's message loses the library's "Caught error: " label: the error's own
  /// description is the finding.
  private static func issueText(_ messages: [Message]) -> String {
    let texts = messages.map(\.text).filter { !$0.isEmpty }
    guard let first = texts.first else { return "an issue was recorded" }
    let label = "Caught error: "
    let head = first.hasPrefix(label) ? String(first.dropFirst(label.count)) : first
    return ([head] + texts.dropFirst()).joined(separator: " — ")
  }

  /// Whether the run shows the code under test is wrong: a test failed, crashed or hung.
  var noticedSomething: Bool { ending != .finished || !failures.isEmpty }

  /// The tests that noticed, as "`a()`, `b()`".
  var noticedBy: String {
    let names = tests.filter { failures[$0] != nil } + [unfinished].compactMap { $0 }
    return names.map { "`\($0)`" }.joined(separator: ", ")
  }

  private struct EventRecord: Decodable {
    let kind: String
    let payload: Payload
  }

  private struct Payload: Decodable {
    let kind: String?
    let id: String?
    let name: String?
    let testID: String?
    let messages: [Message]?
    let issue: Issue?
  }

  private struct Message: Decodable {
    let text: String
  }

  private struct Issue: Decodable {
    let isKnown: Bool?
  }
}

/// The verdicts on a learner's tests (exercises 9 and 11): they must pass against the real code
/// and fail against each broken copy.
public enum TestGrading {
  static func passesOnReal(_ code: CodeUnderTest) -> Localized {
    Localized(
      en: "your tests pass against \(code.real.en)",
      ko: "여러분의 테스트가 \(code.real.ko)에서 통과한다")
  }

  static func everyTestCatches(_ code: CodeUnderTest) -> Localized {
    Localized(
      en: "every test catches at least one broken \(code.kind.en)",
      ko: "모든 테스트가 고장 난 \(code.kind.ko, .object) 하나 이상 잡아낸다")
  }

  static func catches(_ bug: String, of code: CodeUnderTest) -> Localized {
    let broken = code.broken(bug)
    return Localized(
      en: "your tests catch \(broken.en)",
      ko: "여러분의 테스트가 \(broken.ko, .object) 잡아낸다")
  }

  /// The verdicts on a learner's tests of `code` from their run against the real code (which
  /// finished) and against each broken copy, by bug id.
  /// - Parameter testsFile: where the learner writes tests, for the message when there is none.
  ///   - asserting: the tests whose bodies assert something (``assertingTests(in:)``), by name
  ///     without arguments (`showsTheError`); `nil` when the learner's file was not read.
  public static func results(
    real: TestRun, broken: [String: TestRun], of code: CodeUnderTest, testsFile: String,
    asserting: Set<String>? = nil
  ) -> [RuleResult] {
    var results: [RuleResult] = []
    // A verdict; one not judged yet says so in its cause, which the runner sorts last and a
    // grader reads as "not checked", not as a bug the tests missed.
    func verdict(
      _ id: RuleID, _ statement: Localized, _ problem: Localized?, note: Localized? = nil,
      notChecked: Bool = false
    ) {
      results.append(
        RuleResult(
          id: id, status: problem == nil ? .pass : .fail, statement: statement,
          detail: problem ?? note,
          cause: problem != nil && notChecked ? .notChecked : nil))
    }

    let realProblem: Localized? =
      if real.tests.isEmpty {
        Localized(
          en: "no @Test ran: write your tests in \(testsFile)",
          ko: "@Test가 하나도 실행되지 않았다: 테스트는 \(testsFile)에 작성해야 한다")
      } else if let failing = real.tests.first(where: { real.failures[$0] != nil }) {
        Localized(
          en: "`\(failing)` fails against it"
            + (real.failures.count > 1 ? " (so do \(real.failures.count - 1) more)" : "")
            + ": \(real.failures[failing] ?? ""); a test must pass when the code is right",
          ko: "\("`\(failing)`", .subject) 실패한다: \(real.failures[failing] ?? "")"
            + (real.failures.count > 1 ? " (다른 테스트 \(real.failures.count - 1)개도 실패한다)" : "")
            + ". 코드가 맞으면 테스트는 통과해야 한다")
      } else {
        nil
      }
    verdict(
      code.passesOnRealID, passesOnReal(code), realProblem,
      note: Localized(en: "\(real.tests.count) tests", ko: "테스트 \(real.tests.count)개"))
    let judged = realProblem == nil
    let notJudged = Localized(
      en: "not judged until your tests pass against \(code.realKind.en)",
      ko: "여러분의 테스트가 \(code.realKind.ko)에서 통과할 때까지는 판정하지 않는다")

    for bug in code.bugs {
      let statement = catches(bug, of: code)
      guard judged, let run = broken[bug] else {
        verdict(
          code.catchesID(bug), statement,
          judged
            ? Localized(
              en: "this broken \(code.kind.en) was not run",
              ko: "이 고장 난 \(code.kind.ko, .toward)는 테스트를 실행하지 않았다")
            : notJudged, notChecked: true)
        continue
      }
      guard run.noticedSomething else {
        let broken = code.broken(bug)
        verdict(
          code.catchesID(bug), statement,
          Localized(
            en: "your tests pass against \(broken.en)",
            ko: "여러분의 테스트가 \(broken.ko)에서도 통과한다"))
        continue
      }
      let waiting = run.unfinished
      let note: Localized =
        switch run.ending {
        case .finished:
          Localized(en: "caught by \(run.noticedBy)", ko: "잡아낸 테스트: \(run.noticedBy)")
        case .crashed:
          Localized(
            en: "caught: your tests crashed against it"
              + (waiting.map { " in `\($0)`" } ?? "")
              + " (`try #require(…)` fails one test instead of stopping them all)",
            ko: "잡아냄: 여러분의 테스트가 이 \(code.kind.ko)에서 크래시로 멈췄다"
              + (waiting.map { "(`\($0)`에서)" } ?? "")
              + " (`try #require(…)`를 쓰면 테스트 전체가 멈추지 않고 그 테스트 하나만 "
              + "실패한다)")
        case .timedOut:
          Localized(
            en: "caught: your tests did not finish against it"
              + (waiting.map { " (`\($0)` was waiting)" } ?? ""),
            ko: "잡아냄: 여러분의 테스트가 이 \(code.kind.ko)에서 끝나지 않았다"
              + (waiting.map { "(\("`\($0)`", .subject) 기다리고 있었다)" } ?? ""))
        case .todo:
          Localized(
            en: "caught: your tests reached a todo(…) against it",
            ko: "잡아냄: 여러분의 테스트가 이 \(code.kind.ko)에서 todo(…)까지 실행되었다")
        }
      verdict(code.catchesID(bug), statement, nil, note: note)
    }

    // A test that no broken copy fails checks nothing these bugs change: one that asserts
    // nothing, or only what every version does right. (A test a crash kept from running counts
    // as idle only if no other run shows it noticing.)
    let idle = real.tests.filter { test in
      broken.values.allSatisfy { $0.failures[test] == nil && $0.unfinished != test }
    }
    let idleProblem: Localized? =
      if !judged {
        notJudged
      } else if let first = idle.first {
        Localized(
          en: "`\(first)` passes against \(code.realKind.en) and every broken one"
            + (idle.count > 1
              ? " (so do \(idle.dropFirst().map { "`\($0)`" }.joined(separator: ", ")))" : "")
            + ": it checks nothing these bugs change — "
            + Self.idleCause(of: first, asserting: asserting, code: code).en,
          ko: "\("`\(first)`", .topic) \(code.realKind.ko)에서도, 고장 난 \(code.kind.ko) "
            + "전부에서도 통과한다"
            + (idle.count > 1
              ? " (\(idle.dropFirst().map { "`\($0)`" }.joined(separator: ", "))도 마찬가지다)" : "")
            + ": 이 버그들이 바꾸는 것을 하나도 확인하지 않는다. "
            + Self.idleCause(of: first, asserting: asserting, code: code).ko)
      } else {
        nil
      }
    verdict(
      CodeUnderTest.everyTestCatchesID, everyTestCatches(code), idleProblem, notChecked: !judged)
    return results
  }

  /// Why a test that every broken copy passes may be idle, as far as its source tells: it
  /// asserts nothing, or what it asserts holds for every copy.
  static func idleCause(of test: String, asserting: Set<String>?, code: CodeUnderTest) -> Localized
  {
    let name = String(test.prefix { $0 != "(" })
    guard let asserting else {
      return Localized(
        en: "does it assert anything with #expect?", ko: "#expect로 무언가를 확인하고 있는가?")
    }
    if asserting.contains(name) {
      return Localized(
        en: "it asserts, but only what every broken copy does right too: expect something a "
          + "bug would change",
        ko: "확인하는 것이 있지만, 고장 난 것들도 모두 지키는 것뿐이다. 버그가 바꿀 만한 것을 "
          + "확인하라")
    }
    let calls = code.assertions
    return Localized(
      en: "it asserts nothing: no "
        + (calls.dropLast().joined(separator: ", ") + " or " + (calls.last ?? ""))
        + " in its body",
      ko: "아무것도 확인하지 않는다: 본문에 " + calls.map { $0 + "도" }.joined(separator: ", ") + " 없다")
  }

  /// The `@Test` functions in `source` whose bodies assert something (`#expect`, `#require`,
  /// `Issue.record`, or the trait's `Lifetimes.check()`), by name: read from the text, braces
  /// counted, so a helper the test calls is not looked into.
  public static func assertingTests(in source: String) -> Set<String> {
    var names: Set<String> = []
    var rest = Substring(source)
    while let attribute = rest.firstRange(of: "@Test") {
      rest = rest[attribute.upperBound...]
      guard let function = rest.firstRange(of: "func ") else { break }
      let name = rest[function.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      guard let open = rest[function.upperBound...].firstIndex(of: "{") else { break }
      var depth = 0
      var end = open
      for index in rest[open...].indices {
        if rest[index] == "{" { depth += 1 }
        if rest[index] == "}" { depth -= 1 }
        if depth == 0 {
          end = index
          break
        }
      }
      let body = rest[open...end]
      if ["#expect", "#require", "Issue.record", "Lifetimes.check"].contains(where: {
        body.contains($0)
      }) {
        names.insert(String(name))
      }
      rest = rest[end...]
    }
    return names
  }
}
