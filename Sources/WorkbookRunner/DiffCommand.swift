import CommandLineKit
import Foundation
import KooberRules
import KooberStory
import ObjectTrace

/// `workbook diff A B`: what chapter B changes against chapter A, step by step, as text or as
/// a page showing both (`html`).
struct DiffCommand: RunnerSubcommand {
  let output: RunnerOutput
  let first: Int
  let second: Int
  let html: Bool

  func run() -> Int32 {
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
        ? HTMLTraceRenderer(language: language, findingPages: ChapterCatalog.findingPages).diffPage(
          traces[0], traces[1], summaries: difference.sections)
        : difference.text,
      trailingNewline: false)
    return finish(0)
  }
}
