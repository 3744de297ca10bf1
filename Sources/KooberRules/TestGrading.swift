import ObjectTrace
import TracePictures

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// MARK: - Exercise 9: grading a learner's tests by the bugs they catch

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
          failures[name] = payload.messages?.first?.text ?? "an issue was recorded"
        }
      default: break
      }
    }
    unfinished = running.first
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

/// Exercise 9's verdicts: the learner's tests must pass against the real sign-in view model and
/// fail against each broken one.
public enum TestGrading {
  /// The id of the rule that the tests pass against the real view model.
  public static let passesOnRealID = "tests-pass-on-the-real-view-model"
  /// The id of the rule that no test is idle.
  public static let everyTestCatchesID = "every-test-catches-a-bug"

  /// The rules' ids, in the order the verdicts come.
  public static let ruleIDs =
    [passesOnRealID] + SignInBug.allCases.map(catchesID) + [everyTestCatchesID]

  /// The id of the rule that the tests catch `bug`.
  public static func catchesID(_ bug: SignInBug) -> String { "catches-" + bug.rawValue }

  static let passesOnReal: Localized = Localized(
    en: "your tests pass against the real SignInViewModel",
    ko: "여러분의 테스트가 진짜 SignInViewModel에서 통과한다")

  static let everyTestCatches: Localized = Localized(
    en: "every test catches at least one broken view model",
    ko: "모든 테스트가 고장 난 뷰 모델을 하나 이상 잡아낸다")

  static func catches(_ bug: SignInBug) -> Localized {
    Localized(
      en: "your tests catch a view model that \(bug.behaviour.en)",
      ko: "여러분의 테스트가 \(bug.behaviour.ko) 뷰 모델을 잡아낸다")
  }

  /// The verdicts on a learner's tests from their run against the real view model (which
  /// finished) and against each broken one.
  /// - Parameter testsFile: where the learner writes tests, for the message when there is none.
  public static func results(real: TestRun, broken: [SignInBug: TestRun], testsFile: String)
    -> [RuleResult]
  {
    var results: [RuleResult] = []
    func verdict(
      _ id: String, _ statement: Localized, _ problem: Localized?, note: Localized? = nil
    ) {
      results.append(
        RuleResult(
          id: id, status: problem == nil ? .pass : .fail, statement: statement,
          detail: problem ?? note))
    }

    let realProblem: Localized? =
      if real.tests.isEmpty {
        Localized(
          en: "no @Test ran: write your tests in \(testsFile)",
          ko: "@Test가 하나도 실행되지 않았다: 테스트는 \(testsFile)에 작성해야 한다")
      } else if let failing = real.tests.first(where: { real.failures[$0] != nil }) {
        Localized(
          en: "`\(failing)` fails against it: \(real.failures[failing] ?? "")"
            + (real.failures.count > 1 ? " (and \(real.failures.count - 1) more)" : "")
            + "; a test must pass when the code is right",
          ko: "\("`\(failing)`", .subject) 실패한다: \(real.failures[failing] ?? "")"
            + (real.failures.count > 1 ? " (이 밖에도 \(real.failures.count - 1)개가 실패한다)" : "")
            + ". 코드가 맞으면 테스트는 통과해야 한다")
      } else {
        nil
      }
    verdict(
      passesOnRealID, passesOnReal, realProblem,
      note: Localized(en: "\(real.tests.count) tests", ko: "테스트 \(real.tests.count)개"))
    let judged = realProblem == nil
    let notJudged = Localized(
      en: "not judged until your tests pass against the real view model",
      ko: "여러분의 테스트가 진짜 뷰 모델에서 통과할 때까지는 판정하지 않는다")

    for bug in SignInBug.allCases {
      let statement = catches(bug)
      guard judged, let run = broken[bug] else {
        verdict(
          catchesID(bug), statement,
          judged
            ? Localized(
              en: "this broken view model was not run",
              ko: "이 고장 난 뷰 모델로는 테스트를 실행하지 않았다")
            : notJudged)
        continue
      }
      guard run.noticedSomething else {
        verdict(
          catchesID(bug), statement,
          Localized(
            en: "your tests pass against a view model that \(bug.behaviour.en)",
            ko: "여러분의 테스트가 \(bug.behaviour.ko) 뷰 모델에서도 통과한다"))
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
            ko: "잡아냄: 여러분의 테스트가 이 뷰 모델에서 크래시로 멈췄다"
              + (waiting.map { "(`\($0)`에서)" } ?? "")
              + " (`try #require(…)`를 쓰면 테스트 전체가 멈추지 않고 그 테스트 하나만 "
              + "실패한다)")
        case .timedOut:
          Localized(
            en: "caught: your tests did not finish against it"
              + (waiting.map { " (`\($0)` was waiting)" } ?? ""),
            ko: "잡아냄: 여러분의 테스트가 이 뷰 모델에서 끝나지 않았다"
              + (waiting.map { "(\("`\($0)`", .subject) 기다리고 있었다)" } ?? ""))
        case .todo:
          Localized(
            en: "caught: your tests reached a todo(…) against it",
            ko: "잡아냄: 여러분의 테스트가 이 뷰 모델에서 todo(…)까지 실행되었다")
        }
      verdict(catchesID(bug), statement, nil, note: note)
    }

    // A test that no broken view model fails checks nothing these bugs change: one that asserts
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
          en: "`\(first)` passes against the real view model and every broken one"
            + (idle.count > 1
              ? " (so do \(idle.dropFirst().map { "`\($0)`" }.joined(separator: ", ")))" : "")
            + ": it checks nothing these bugs change — does it assert anything with #expect?",
          ko: "\("`\(first)`", .topic) 진짜 뷰 모델에서도, 고장 난 뷰 모델 전부에서도 통과한다"
            + (idle.count > 1
              ? " (\(idle.dropFirst().map { "`\($0)`" }.joined(separator: ", "))도 마찬가지다)" : "")
            + ": 이 버그들이 바꾸는 것을 하나도 확인하지 않는다. #expect로 무언가를 확인하고 "
            + "있는가?")
      } else {
        nil
      }
    verdict(everyTestCatchesID, everyTestCatches, idleProblem)
    return results
  }
}
