import CommandLineKit
import KooberStory
import ObjectTrace
import TracePictures

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an exercise's executable does: play the story on the learner's composition, run the
/// exercise's rules on the real objects, and report each verdict.
///
/// `exerciseN` prints the verdicts for a reader; `exerciseN --trace` prints the trace of the
/// learner's objects (as `chapterN` does). Run by `workbook check`, which names a
/// ``ReportChannel``, it sends the steps and the ``Report`` there instead. Exit status: 0 when
/// every rule holds, 1 when one does not, 2 for a bad command line, ``todoExitStatus`` when the
/// composition reached a `todo(…)`.
@MainActor public enum ExerciseCheck {
  /// What the check sends `workbook check` once the story has played and the rules have run.
  public typealias Report = ExerciseReport

  /// Checks `chapter` (the learner's composition) against exercise `number`'s rules and ends
  /// the process. `extraRules` are the exercise's own rules beyond ``Rule/shared``, made once the
  /// command line is read: rules that run the learner's code to be made (exercise 15's) do not
  /// run it for `--help` or a bad option.
  /// - Parameters:
  ///   - chapter: the learner's composition, whose story the rules read; `nil` for an exercise
  ///     whose rules look at objects built alone (exercises 5 and 15).
  ///   - builtAloneTrace: for such an exercise, the trace of the objects its check looks at, made
  ///     afresh, that `--trace` prints (exercise 15's); `nil`: no trace.
  public static func main(
    exercise number: Int, chapter: Chapter?,
    extraRules: @autoclosure @MainActor () async -> [Rule] = [],
    builtAloneTrace: (@MainActor () -> Trace)? = nil,
    arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) async -> Never {
    // The process ends once `run` has returned and released what it made: ended from inside
    // it, its strings were still held, and LeakSanitizer reported them.
    exitProcess(
      await run(
        exercise: number, chapter: chapter, extraRules: extraRules,
        builtAloneTrace: builtAloneTrace, arguments: arguments))
  }

  /// What ``main(exercise:chapter:extraRules:builtAloneTrace:arguments:)`` does, returning the
  /// exit status.
  static func run(
    exercise number: Int, chapter: Chapter?, extraRules: @MainActor () async -> [Rule],
    builtAloneTrace: (@MainActor () -> Trace)? = nil, arguments: [String]
  ) async -> Int32 {
    let steps = chapter?.steps ?? StoryStep.chapters
    let checked = ReportChannel.open()
    let stepOption = ChapterCommand.stepOption(steps)
    let options = Self.commandLine(
      exercise: number, stepOption: chapter == nil ? nil : stepOption,
      tracesAlone: builtAloneTrace != nil)
    let usage = options.usage
    let parsed: ParsedOptions
    do {
      parsed = try options.parse(arguments)
    } catch {
      StandardStream.error.write("exercise\(number): error: \(error.description)\n\n" + usage)
      return 2
    }
    if parsed.wantsHelp { return StandardStream.output.write(usage) ? 0 : 1 }
    let trace = parsed.contains(Self.traceFlag)
    // The language chosen here is the one `todo(…)` and the verdicts read.
    if let chosen = parsed[Self.languageOption] {
      WorkbookLanguage.choose(chosen)
    }
    let language = WorkbookLanguage.current
    let format = parsed[ChapterCommand.formatOption] ?? .text
    CrashNotice.install()
    guard let exercise = Exercise.numbered(number) else {
      StandardStream.error.write("exercise\(number): error: no exercise \(number) in the catalog\n")
      return 2
    }
    if trace, chapter == nil, let builtAloneTrace {
      let text = format.render(
        builtAloneTrace(), language: language, scopes: ChapterCatalog.scopeStyle)
      return StandardStream.output.write(text) ? 0 : 1
    }
    // `--trace` is declared only where there is a trace: a story's, or the objects built alone.
    if trace, let chapter {
      let step = parsed[stepOption]?.name
      let printed =
        format == .text && step == nil
        ? await printTrace(of: chapter)
        : await printTrace(of: chapter, as: format, in: language, onlyStep: step)
      return printed ? 0 : 1
    }
    let report = await check(exercise, chapter: chapter, extraRules: await extraRules())
    if checked {
      ReportChannel.send(.report(report))
      return report.holds ? 0 : 1
    }
    return !StandardStream.output.write(describe(report, exercise: exercise))
      ? 1 : report.holds ? 0 : 1
  }

  /// The command line of exercise `number`'s program: `--lang`, and `--trace` with the options
  /// that go with it, where there is a trace to print. With a story, `stepOption` chooses one of
  /// its steps; built alone (`stepOption` is `nil`), the check traces the objects it looks at
  /// (`tracesAlone`), or has no trace and so no `--trace`.
  static func commandLine(
    exercise number: Int, stepOption: TypedOption<StoryStep>?, tracesAlone: Bool
  )
    -> CommandLineOptions
  {
    let canTrace = stepOption != nil || tracesAlone
    let what =
      stepOption != nil
      ? "Checks exercise \(number)'s rules on its composition; --trace prints the trace of its "
        + "objects\ninstead."
      : tracesAlone
        ? "Checks exercise \(number)'s rules on your objects, built alone; --trace prints the "
          + "trace of\nthe objects the check looks at, a step for each thing it does."
        : "Checks exercise \(number)'s rules on your objects, built alone: there is no story, so\n"
          + "no trace to print."
    return CommandLineOptions(
      command: "exercise\(number)",
      summary: what + " `workbook check \(number)` builds and runs it for you.",
      options: [Self.languageOption.declaration]
        + (canTrace ? [ChapterCommand.formatOption.declaration.requiring(Self.traceFlag)] : [])
        + (stepOption.map { [$0.declaration.requiring(Self.traceFlag)] } ?? []),
      flags: canTrace ? [Self.traceFlag] : [])
  }

  /// `--lang`: with no default of its own, so that the environment decides when it is not given.
  nonisolated static let languageOption = TypedOption<Language>(
    name: "lang", defaultValue: nil,
    help: "of the verdicts, TODO lines and pictures (default: WORKBOOK_LANG, then LANG)")

  /// Has the story walk the graph at every look inside a step, as the check's rules do, though
  /// the trace reads only each step's end: an object made and let go of inside a step (the
  /// first ride request's) is then met, and if something keeps it, the trace names the holder as
  /// the check does.
  static let walksEveryLook: Story.GraphObserver = { _, _, _ in }

  /// `--trace`: print the trace of the learner's objects instead of the verdicts.
  static let traceFlag = FlagOption(name: "trace", help: "print the trace instead of the verdicts")

  /// Plays the story on `chapter`, printing each step's trace as soon as the step ends: a crash,
  /// a `todo` or a hang later on leaves the steps that ran on the screen. Returns whether the
  /// story played to the end and every line was written.
  static func printTrace(of chapter: Chapter) async -> Bool {
    var written = StandardStream.output.write(
      TraceFormat.textHeader(
        chapter: chapter.number, title: chapter.title, stepNames: chapter.steps.map(\.name)))
    let outcome = await Story.play(
      chapter, graphObserver: Self.walksEveryLook,
      progress: { progress in
        guard case .finished(_, let trace) = progress, let step = trace.steps.last else {
          if case .started(let name) = progress { CrashNotice.running(name) }
          return
        }
        CrashNotice.running(nil)
        written =
          StandardStream.output.write(
            TraceFormat.textStep(
              step, number: trace.steps.count, findingPages: ChapterCatalog.findingPages))
          && written
      })
    if let failure = outcome.failure {
      written =
        StandardStream.output.write(
          "\nthe story stopped in step \(failure.step?.name ?? "?"): \(failure.description)\n")
        && written
    }
    return written && outcome.failure == nil
  }

  /// Plays the story on `chapter` to its end (or to where it stopped) and prints the trace of the
  /// steps that ran in `format`; the stop, if any, goes to standard error. Returns whether the
  /// story played to the end and the trace was written.
  static func printTrace(
    of chapter: Chapter, as format: TraceFormat, in language: Language, onlyStep: String? = nil
  ) async -> Bool {
    let outcome = await Story.play(
      chapter, graphObserver: Self.walksEveryLook,
      progress: { progress in
        switch progress {
        case .started(let name): CrashNotice.running(name)
        case .finished(_, let trace):
          CrashNotice.running(nil)
          // A `todo` or a crash in a later step still prints the page of the steps that ran —
          // only the step asked for, if one was.
          let page = stopPage(trace, as: format, in: language, onlyStep: onlyStep)
          CrashNotice.printOnCrash(page)
          TodoStop.set { _ = StandardStream.output.write(page) }
        }
      })
    TodoStop.set(nil)
    CrashNotice.printOnCrash(nil)
    let written = StandardStream.output.write(
      format.render(
        outcome.trace, onlyStep: onlyStep, language: language,
        findingPages: ChapterCatalog.findingPages, scopes: ChapterCatalog.scopeStyle))
    if let failure = outcome.failure {
      StandardStream.error.write(
        "the story stopped in step \(failure.step?.name ?? "?"): \(failure.description)\n")
    }
    return written && outcome.failure == nil
  }

  /// What a stop in a later step prints of `trace`, the steps that ran: all of them, or only
  /// `onlyStep`; when that step did not run, the trace's first lines and, in text, a line that
  /// says so.
  static func stopPage(
    _ trace: Trace, as format: TraceFormat, in language: Language, onlyStep: String?
  ) -> String {
    let page = format.render(
      trace, onlyStep: onlyStep, language: language, findingPages: ChapterCatalog.findingPages,
      scopes: ChapterCatalog.scopeStyle)
    guard let onlyStep, format == .text, !trace.steps.contains(where: { $0.name == onlyStep })
    else { return page }
    let ran = trace.steps.map(\.name).joined(separator: ", ")
    return page
      + (language == .korean
        ? "\(onlyStep) 단계는 실행되지 않았다: 스토리가 그 전에 멈췄다(실행된 단계: \(ran). "
          + "--step 없이 실행하면 모두 보인다)\n"
        : "\(onlyStep) did not run: the story stopped before it (the steps that ran: \(ran); "
          + "run without --step to see them)\n")
  }

  /// Plays the story on `chapter` and runs `exercise`'s rules on it; each step's start and end
  /// go to the ``ReportChannel`` when one is open.
  public static func check(_ exercise: Exercise, chapter: Chapter?, extraRules: [Rule] = [])
    async -> Report
  {
    let progress: Story.ProgressHandler = { progress in
      switch progress {
      case .started(let name):
        CrashNotice.running(name)
        ReportChannel.send(.started(step: name))
      case .finished(let step, _):
        CrashNotice.running(nil)
        ReportChannel.send(.finished(step: step))
      }
    }
    let recording =
      if let chapter {
        await StoryRecording.record(chapter, progress: progress)
      } else {
        StoryRecording.none
      }
    let rules = extraRules + Rule.shared
    let results = exercise.rules.map { id in
      guard let rule = rules.first(where: { $0.id == id }) else {
        return RuleResult(id: id, status: .fail, message: "\(id) — this rule was not run")
      }
      return rule.result(for: recording)
    }
    return Report(exercise: exercise.number, rules: results, notes: untracedNotes(recording.trace))
  }

  /// One line per untraced type the walk met: what the token would add, and the declaration.
  static func untracedNotes(_ trace: Trace) -> [Localized]? {
    var notes: [Localized] = []
    var seen: Set<String> = []
    for step in trace.steps {
      for finding in step.findings where finding.kind == .untraced {
        let type = trace.object(finding.object)?.type ?? finding.object
        guard seen.insert(type).inserted else { continue }
        let declaration = finding.declaration
        notes.append(
          Localized(
            en: "\(type) (first seen as \(finding.object) in \(step.name)): \(finding.detail)",
            ko: "\(type)(처음 나온 곳: \(step.name) 단계의 \(finding.object)): Lifetime 토큰을 "
              + "저장하지 않아서 트레이스가 이 객체의 스코프도, 만들어진 단계도 알 수 없습니다"
              + (declaration.map { ". 첫 번째 저장 프로퍼티로 다음 선언을 추가하세요: `\($0)`" } ?? "")))
      }
    }
    return notes.isEmpty ? nil : notes
  }

  static func describe(_ report: Report, exercise: Exercise) -> String {
    let language = WorkbookLanguage.current
    var lines: [String] = [
      Localized(en: "Exercise \(exercise.number): ", ko: "연습 문제 \(exercise.number): ")
        .text(in: language) + exercise.title.text(in: language)
    ]
    for rule in report.rules {
      lines.append("\(rule.status == .pass ? "✓" : "✗") \(rule.message(in: language))")
    }
    for note in report.notes ?? [] { lines.append("ℹ \(note.text(in: language))") }
    return lines.joined(separator: "\n") + "\n"
  }
}
