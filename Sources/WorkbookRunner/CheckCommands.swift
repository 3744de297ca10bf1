import Foundation
import KooberRules
import KooberStory
import ObjectTrace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - check, check --all, watch, dev check

extension WorkbookCommand {
  mutating func check(_ exercise: Exercise) -> Int32 {
    say(texts.exerciseHeader(exercise.number, exercise.title.text(in: language)))
    say(texts.building(exercise.product))
    let result: CheckResult
    let files: [String: String]
    do {
      files = try workspace.learnerFiles(of: exercise)
      result = try builder.check(exercise)
    } catch {
      complain(error: error)
      return 1
    }
    describe(result, of: exercise)
    let edited = !workspace.isStarter(files, of: exercise)
    record { state in
      state[exercise.number].status = result.status.rawValue
      state[exercise.number].fingerprint = Workspace.fingerprint(files)
      if edited { state[exercise.number].everChecked = true }
    }
    return finish(result.status == .pass ? 0 : 1)
  }

  /// Prints a verdict: each rule ✓ or ✗ with its reason, and the next step.
  mutating func describe(_ result: CheckResult, of exercise: Exercise) {
    let number = exercise.number
    switch result.status {
    case .compileError:
      say(texts.doesNotCompile)
      for error in result.compilerErrors { say(error) }
      say("")
      say(texts.compileErrorNext(number))
    case .todo:
      say(texts.notDoneYet(result.todo ?? "TODO"))
      if let step = result.unfinishedStep {
        say("  " + texts.reachedInStep(step) + (finished(result).map { "; \($0)" } ?? ""))
      }
      say("")
      say(texts.todoNext(number))
    case .pass, .fail:
      if let problem = result.problem {
        // No rule ran: say what stopped the run, which steps finished, and where to look.
        say("✗ \(problem)")
        if let finished = finished(result) { say("  " + finished) }
        say("")
        // An exercise with a story names its steps; its trace shows the ones that ran.
        let played = !result.finishedSteps.isEmpty || result.unfinishedStep != nil
        say(texts.problemNext(number, played))
        return
      }
      for rule in result.rulesInReadingOrder {
        say("\(rule.status == .pass ? "✓" : "✗") \(rule.message(in: language))")
        // A rule a finding breaks points to the finding's reference page.
        if rule.status == .fail, let kind = Rule.named(rule.id)?.findingKind {
          say("  → \(Trace.findingPage(kind, language: language))")
        }
      }
      for note in result.notes { say("ℹ \(note)") }
      let held = result.rules.filter { $0.status == .pass }.count
      say("")
      if result.status == .pass {
        say(texts.allRulesHold(held, number))
      } else {
        let firstMiss: RunnerTexts.FirstMiss =
          exercise.gradesTests ? .tests : exercise.playsTheStory ? .story : .plain
        say(texts.someRulesHold(held, result.rules.count, firstMiss, number))
      }
    }
  }

  /// `finished: launch, sign-up`, or `nil` when no step finished.
  private func finished(_ result: CheckResult) -> String? {
    result.finishedSteps.isEmpty
      ? nil : texts.finishedSteps(result.finishedSteps.joined(separator: ", "))
  }

  /// What builds and checks the exercises, speaking the chosen language.
  var builder: ExerciseBuild {
    var builder = ExerciseBuild(workspace: workspace)
    builder.language = language
    return builder
  }

  /// `check --all`: every exercise, as text or as the grader's JSON (`json`).
  mutating func checkAll(json: Bool) -> Int32 {
    var checked: [(number: Int, status: String, fingerprint: String, edited: Bool)] = []
    var entries: [GraderReport.Entry] = []
    for exercise in Exercise.all {
      if !json { say(texts.exerciseHeader(exercise.number, exercise.title.text(in: language))) }
      var result: CheckResult
      do {
        let files = try workspace.learnerFiles(of: exercise)
        result = try builder.check(exercise)
        checked.append(
          (
            exercise.number, result.status.rawValue, Workspace.fingerprint(files),
            !workspace.isStarter(files, of: exercise)
          ))
      } catch {
        result = CheckResult(status: .fail, problem: error.text(in: language))
      }
      if !json {
        describe(result, of: exercise)
        say("")
      }
      entries.append(GraderReport.Entry(exercise: exercise, result: result, language: language))
    }
    record { state in
      for (number, status, fingerprint, edited) in checked {
        state[number].status = status
        state[number].fingerprint = fingerprint
        if edited { state[number].everChecked = true }
      }
    }
    let report = GraderReport(exercises: entries, language: language)
    if json {
      say(report.json, trailingNewline: false)
    } else {
      say(texts.score(report.score, report.maxScore))
    }
    return finish(report.status == "pass" ? 0 : 1)
  }

  mutating func watch() -> Int32 {
    // Only async-signal-safe calls in a handler: a static message, write(2), _exit(2). A handler
    // captures nothing, so each language has its own.
    switch language {
    case .korean:
      signal(SIGINT) { _ in
        let message: StaticString = "\nworkbook: watch를 멈췄습니다(Ctrl-C)\n"
        _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
        _exit(130)
      }
    case .english:
      signal(SIGINT) { _ in
        let message: StaticString = "\nworkbook: watch stopped (Ctrl-C)\n"
        _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
        _exit(130)
      }
    }
    say(texts.watching)
    var seen: [Int: String] = [:]
    for exercise in Exercise.all {
      seen[exercise.number] = (try? workspace.learnerFiles(of: exercise)).map(Workspace.fingerprint)
    }
    while true {
      usleep(300_000)
      for exercise in Exercise.all {
        let now = (try? workspace.learnerFiles(of: exercise)).map(Workspace.fingerprint)
        guard now != seen[exercise.number] else { continue }
        seen[exercise.number] = now
        say("")
        _ = check(exercise)
        if failed { return 1 }
      }
    }
  }

  // MARK: - diff

  mutating func diff(_ first: Int, _ second: Int, html: Bool = false) -> Int32 {
    var traces: [Trace] = []
    for number in [first, second] {
      do {
        let builder = ExerciseBuild(workspace: workspace)
        let build = try builder.runBuild(["--product", "chapter\(number)"])
        guard build.status == 0 else {
          complain(error: texts.chapterDoesNotBuild(number))
          for error in ExerciseBuild.compilerErrors(
            in: build.output + build.errors, folder: workspace.url("Sources").path,
            relativeTo: workspace.root.path)
          {
            StandardStream.error.write(error + "\n")
          }
          return 1
        }
        let run = try Subprocess.run(
          [workspace.url(".build/debug/chapter\(number)").path, "--format", "json"],
          in: workspace.root, limit: 60)
        guard let data = run.output.data(using: .utf8),
          let trace = try? JSONDecoder().decode(Trace.self, from: data)
        else {
          complain(error: texts.chapterPrintedNoTrace(number, run.status))
          return 1
        }
        traces.append(trace)
      } catch {
        complain(error: error)
        return 1
      }
    }
    let difference = ChapterDiff(before: traces[0], after: traces[1], texts: texts)
    say(
      html
        ? HTMLTraceRenderer(language: language).diffPage(
          traces[0], traces[1], summaries: difference.sections)
        : difference.text,
      trailingNewline: false)
    return finish(0)
  }

  // MARK: - dev check

  mutating func devCheck() -> Int32 {
    var passed = 0
    var problems = 0
    func verdict(_ ok: Bool, _ line: String) -> String {
      if ok { passed += 1 } else { problems += 1 }
      return "\(ok ? "✓" : "✗") \(line)"
    }
    var build = ExerciseBuild(workspace: workspace)
    // Starters and solutions all compile, so one build serves the 16 checks below.
    build.everythingBuilt = (try? build.buildEverything()) ?? false
    /// One verdict on some files: `ok` when none differs, else `problem` and their paths.
    func files(_ differing: [String], in folder: String, ok: String, problem: String) {
      say(
        verdict(
          differing.isEmpty,
          differing.isEmpty
            ? ok : problem + differing.map { "\(folder)/\($0)" }.joined(separator: ", ")))
    }
    for exercise in Exercise.all {
      let number = exercise.number
      say("exercise \(number) · \(exercise.slug)")
      // 1. The committed starter is exactly what the solution generates.
      do {
        let starter = try workspace.starterFiles(of: exercise)
        let committed = try workspace.learnerFiles(of: exercise)
        files(
          Set(starter.keys).union(committed.keys).sorted().filter { starter[$0] != committed[$0] },
          in: exercise.exerciseFolder, ok: "starter is generated from the solution",
          problem: "starter differs from what the solution generates: ")
      } catch {
        say(verdict(false, "\(error)"))
      }
      // 2. A marked file cut from a chapter is that chapter's file once solved: the lesson and
      //    the exercise never drift apart (the solution's other files are links to the chapter).
      if let chapter = exercise.chapterSources {
        do {
          files(
            try workspace.solutionFilesCutFromChapter(of: exercise).filter { !$0.value }.keys
              .sorted(),
            in: exercise.solutionFolder, ok: "solution is \(chapter) once solved",
            problem: "solution differs from \(chapter): ")
        } catch {
          say(verdict(false, "\(error)"))
        }
      }
      // 3. The starter fails cleanly: a todo or failing rules, never a crash or a pass.
      do {
        let result = try build.check(exercise)
        let clean = (result.status == .todo || result.status == .fail) && result.problem == nil
        let detail =
          result.status == .todo
          ? result.todo ?? ""
          : result.rules.first { $0.status == .fail }?.id
            ?? result.problem ?? result.compilerErrors.first ?? ""
        say(verdict(clean, "starter fails cleanly (\(result.status.rawValue): \(detail))"))
      } catch {
        say(verdict(false, "starter: \(error)"))
      }
      // 4. The solution passes.
      do {
        let result = try build.check(exercise, solution: true)
        let failing = result.rules.filter { $0.status == .fail }.map(\.message)
        let why = result.problem ?? result.todo ?? result.compilerErrors.first ?? failing.first
        say(
          verdict(
            result.status == .pass,
            "solution passes" + (result.status == .pass ? "" : ": \(why ?? result.status.rawValue)")
          ))
      } catch {
        say(verdict(false, "solution: \(error)"))
      }
    }
    say("")
    say("dev check: \(passed) passed, \(problems) failed")
    return finish(problems == 0 ? 0 : 1)
  }
}
