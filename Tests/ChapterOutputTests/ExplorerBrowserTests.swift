import ChapterTestSupport
import Foundation
import KooberStory
import ObjectTrace
import Testing
import TracePictures
import WorkbookRunner

/// The explorer pages in a real browser: each chapter's page and the diff page are opened in
/// headless Chromium and stepped through with the controls a person uses (the Next button, the
/// → key, a step's button, ←); after the page's own script ran, what is drawn in each step is
/// compared with the chapter's JSON trace. Run with `KOOBER_BROWSER_TESTS=1 swift test`; CI
/// installs a browser and sets it, so there they always run.
@Suite(
  .enabled(
    if: HeadlessBrowser.wanted,
    "the explorer's browser tests run with KOOBER_BROWSER_TESTS=1 and headless Chromium (CI)")
)
struct ExplorerBrowserTests {
  /// What the harness saw in one step, in one panel (a chapter).
  struct Seen: Decodable {
    var step: String
    var visibleDrawings: Int
    var panels: [[Card]]
    var currentColumns: [Int]
    var screen: String
  }

  struct Card: Decodable {
    var id: String
    var live: Bool
    var released: Bool
    var created: Bool
    var findings: [String]
    var width: Double
  }

  /// The back-references of the step shown (sign-up), and how many the page displays: before a
  /// choice, once the first card is chosen (and how many of those touch it), and after `A`.
  struct Focus: Decodable {
    var backs: Int
    var shownBefore: Int
    var shownChosen: Int
    var touchingChosen: Int
    var shownAll: Int
  }

  struct Report: Decodable {
    var steps: [Seen]
    var timelineRows: Int
    var errors: [String]
    var details: String
    var backAndForth: [String]
    var focus: Focus
    /// Whether anything still looks chosen after Escape.
    var choiceAfterEscape: Bool
    /// The details of the first object with a finding, chosen at its step; empty when no step
    /// has a finding.
    var findingDetails: String
  }

  /// Records every error the page reports, from before its own script runs.
  static let errorRecorder = """
    <script>window.__errors=[];addEventListener("error",e=>__errors.push(String(e.message)));\
    const __error=console.error;console.error=(...a)=>{__errors.push(a.join(" "));\
    __error(...a)};</script>
    """

  /// Steps through the page with its own controls after its script ran, and writes what each
  /// step draws into `<pre id="harness">`.
  static let driver = """
    <script>(() => {
      const seen = [];
      const cards = (panel) => Array.from(panel.querySelectorAll(".step-drawing"))
        .filter((d) => !d.hidden && getComputedStyle(d).display !== "none")
        .flatMap((d) => Array.from(d.querySelectorAll("g.object")))
        .map((g) => ({ id: g.dataset.id, live: g.classList.contains("live"),
          released: g.classList.contains("released"), created: g.classList.contains("created"),
          findings: (g.dataset.findings || "").split(" ").filter((k) => k),
          width: g.getBoundingClientRect().width }));
      const look = () => {
        const panels = Array.from(document.querySelectorAll("[data-trace]"));
        const status = Array.from(document.querySelectorAll("p.status"))
          .filter((p) => !p.hidden && getComputedStyle(p).display !== "none");
        seen.push({ step: document.body.dataset.currentStep,
          visibleDrawings: Array.from(document.querySelectorAll(".step-drawing"))
            .filter((d) => !d.hidden && getComputedStyle(d).display !== "none").length,
          panels: panels.map(cards),
          currentColumns: Array.from(document.querySelectorAll(".current"))
            .map((c) => Number(c.dataset.col)),
          screen: status.map((p) => p.querySelector(".screen-line").textContent).join("|") });
      };
      const key = (name) => document.dispatchEvent(
        new KeyboardEvent("keydown", { key: name, bubbles: true }));
      const steps = document.querySelectorAll("[data-goto]").length;
      look();
      for (let index = 1; index < steps; index++) {
        if (index % 2) document.querySelector("[data-move='1']").click(); else key("ArrowRight");
        look();
      }
      const backAndForth = [];
      key("ArrowLeft");
      backAndForth.push(document.body.dataset.currentStep);
      document.querySelector("[data-goto='1']").click();
      backAndForth.push(document.body.dataset.currentStep);
      const shown = (selector) => Array.from(
        document.querySelectorAll(".step-drawing:not([hidden]) " + selector))
        .filter((e) => getComputedStyle(e).display !== "none").length;
      const focus = { backs: document.querySelectorAll(
        ".step-drawing:not([hidden]) path.edge.back").length,
        shownBefore: shown("path.edge.back") };
      const first = document.querySelector(".step-drawing:not([hidden]) g.object");
      if (first) first.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      focus.shownChosen = shown("path.edge.back");
      focus.touchingChosen = shown("path.edge.back.touching");
      key("a");
      focus.shownAll = shown("path.edge.back");
      key("a");
      const title = document.querySelector("#details h3");
      const details = title ? title.textContent : "";
      key("Escape");
      const choiceAfterEscape = document.body.classList.contains("has-choice")
        || document.querySelectorAll(".chosen, .touching").length > 0;
      let findingDetails = "";
      const drawings = Array.from(document.querySelectorAll(".step-drawing"));
      const flagged = drawings.findIndex((d) => d.querySelector("g.object:not([data-findings=''])"));
      if (flagged >= 0) {
        document.querySelector("[data-goto='" + flagged + "']").click();
        drawings[flagged].querySelector("g.object:not([data-findings=''])")
          .dispatchEvent(new MouseEvent("click", { bubbles: true }));
        findingDetails = document.getElementById("details").textContent;
      }
      const report = { steps: seen, errors: window.__errors,
        timelineRows: document.querySelectorAll(".timeline tbody tr").length,
        details: details, backAndForth: backAndForth, focus: focus,
        choiceAfterEscape: choiceAfterEscape, findingDetails: findingDetails };
      const out = document.createElement("pre");
      out.id = "harness";
      out.textContent = JSON.stringify(report);
      document.body.appendChild(out);
    })();</script>
    """

  /// Opens `page` in the browser with the harness around it, and returns what it saw.
  static func explore(_ page: String, name: String) throws -> Report {
    let browser = try #require(HeadlessBrowser.found, "no headless Chromium (KOOBER_BROWSER)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "koober-explorer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let harnessed =
      page.replacingOccurrences(of: "<head>\n", with: "<head>\n" + errorRecorder + "\n")
      .replacingOccurrences(of: "</body>\n</html>", with: driver + "\n</body>\n</html>")
    let file = folder.appendingPathComponent("\(name).html")
    try harnessed.write(to: file, atomically: true, encoding: .utf8)
    let document = try browser.document(of: file)
    let start = try #require(document.range(of: "<pre id=\"harness\">"), "the harness did not run")
    let rest = document[start.upperBound...]
    let end = try #require(rest.range(of: "</pre>"))
    let json = String(rest[..<end.lowerBound]).replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
      .replacingOccurrences(of: "&amp;", with: "&")
    return try JSONDecoder().decode(Report.self, from: Data(json.utf8))
  }

  /// What the browser drew for `trace` in `panel` of `report`, step by step, against the JSON.
  static func expectDrawn(_ report: Report, panel: Int, is trace: Trace) {
    #expect(report.steps.map(\.step) == trace.steps.map(\.name))
    for (seen, step) in zip(report.steps, trace.steps) {
      let cards = seen.panels.indices.contains(panel) ? seen.panels[panel] : []
      let drawn = cards.filter { $0.width > 0 }
      #expect(drawn.count == cards.count, "\(step.name): a card is in the page but not drawn")
      let live: [String] = drawn.filter(\.live).map(\.id)
      let released: Set<String> = Set(drawn.filter(\.released).map(\.id))
      let created: Set<String> = Set(drawn.filter(\.created).map(\.id))
      #expect(
        Set(live) == Set(step.live),
        "\(step.name): the live objects drawn are not the JSON's `live`")
      #expect(live.count == step.live.count, "\(step.name): drawn twice")
      #expect(released == Set(step.released), "\(step.name)")
      #expect(created == Set(step.created), "\(step.name)")
      for card in drawn {
        // One badge per kind: two captive findings on one container are one `⚠ captive`.
        var kinds: [String] = []
        for finding in step.findings where finding.object == card.id {
          if !kinds.contains(finding.kind.rawValue) { kinds.append(finding.kind.rawValue) }
        }
        #expect(card.findings == kinds, "\(step.name) \(card.id): findings")
      }
      #expect(seen.screen.contains(step.screen), "\(step.name): the screen line")
    }
  }

  static func trace(of chapter: Int) throws -> Trace {
    let json = try ExecutableRun.shared("chapter\(chapter)", ["--format", "json"]).standardOutput
    return try JSONDecoder().decode(Trace.self, from: Data(json.utf8))
  }

  /// A chosen object's finding names the workbook's page on its kind, in the page's language.
  static func expectFindingPage(in report: Report, of trace: Trace, language: Language) {
    let kinds = Set(trace.steps.flatMap(\.findings).map(\.kind))
    guard !kinds.isEmpty else {
      #expect(report.findingDetails.isEmpty)
      return
    }
    let pages = kinds.map { ChapterCatalog.findingPages.page($0, language: language) }
    #expect(
      pages.contains { report.findingDetails.contains("(\($0))") },
      "no finding page in: \(report.findingDetails)")
  }

  @Test(arguments: Chapters.numbers)
  func eachChaptersPageDrawsItsJSONStepByStep(chapter: Int) throws {
    let page = try ExecutableRun.shared("chapter\(chapter)", ["--format", "html"])
    #expect(page.status == 0)
    let trace = try Self.trace(of: chapter)
    let report = try Self.explore(page.standardOutput, name: "chapter\(chapter)")
    #expect(report.errors.isEmpty, "the page logged errors: \(report.errors)")
    Self.expectDrawn(report, panel: 0, is: trace)
    for (index, seen) in report.steps.enumerated() {
      #expect(seen.visibleDrawings == 1, "\(seen.step): one drawing at a time")
      #expect(
        Set(seen.currentColumns) == [index], "\(seen.step): the timeline's current column")
    }
    #expect(report.timelineRows == trace.objects.count)
    #expect(report.backAndForth == [trace.steps[3].name, trace.steps[1].name])
    #expect(trace.steps[1].live.contains(report.details), "choosing an object shows its details")
    // Focus: the back-references hide until an end of theirs is chosen, or A shows them all.
    #expect(report.focus.backs > 0, "sign-up has shared objects")
    #expect(report.focus.shownBefore == 0)
    #expect(report.focus.shownChosen == report.focus.touchingChosen)
    #expect(report.focus.shownAll == report.focus.backs)
    #expect(!report.choiceAfterEscape, "Escape clears the choice")
    Self.expectFindingPage(in: report, of: trace, language: .english)
    try Self.saveScreenshots(page.standardOutput, name: "chapter\(chapter)", steps: trace.steps)
  }

  /// The Korean page, as a Korean class sees it projected: every step drawn as in English, its
  /// labels Korean (CI installs a CJK font for the browser, so the screenshots show the words).
  @Test(arguments: Chapters.numbers)
  func eachChaptersKoreanPageDrawsItsJSONStepByStep(chapter: Int) throws {
    let page = try ExecutableRun.shared("chapter\(chapter)", ["--format", "html", "--lang", "ko"])
    #expect(page.status == 0)
    #expect(page.standardOutput.contains("<html lang=\"ko\">"))
    #expect(page.standardOutput.contains(ExplorerTexts.korean.regionTitles["app"] ?? "?"))
    let trace = try Self.trace(of: chapter)
    let report = try Self.explore(page.standardOutput, name: "chapter\(chapter).ko")
    #expect(report.errors.isEmpty, "the page logged errors: \(report.errors)")
    Self.expectDrawn(report, panel: 0, is: trace)
    Self.expectFindingPage(in: report, of: trace, language: .korean)
    try Self.saveScreenshots(page.standardOutput, name: "chapter\(chapter).ko", steps: trace.steps)
  }

  @Test func theDiffPageDrawsBothChaptersStepByStep() throws {
    let run = try WorkbookPage.diff(3, 4)
    let report = try Self.explore(run, name: "diff-3-4")
    #expect(report.errors.isEmpty, "the page logged errors: \(report.errors)")
    Self.expectDrawn(report, panel: 0, is: try Self.trace(of: 3))
    Self.expectDrawn(report, panel: 1, is: try Self.trace(of: 4))
    #expect(report.steps.allSatisfy { $0.visibleDrawings == 2 })
    try Self.saveScreenshots(run, name: "diff-3-4", steps: try Self.trace(of: 3).steps)
  }

  @Test func aRunawayTraceStillRendersAndSteps() throws {
    let ids = (1...400).map { "Runaway#\($0)" }
    let edges = zip(ids, ids.dropFirst()).map { Trace.Edge(from: $0, to: $1, label: "next") }
    var trace = try Self.trace(of: 3)
    trace.objects += ids.map { Trace.Object(id: $0, type: "Runaway", scope: "untraced") }
    trace.steps[1].live += ids
    trace.steps[1].created += ids
    trace.steps[1].edges += edges
    trace.steps[2].released += ids
    let page = HTMLTraceRenderer(language: .english, style: ChapterCatalog.scopeStyle).page(trace)
    let report = try Self.explore(page, name: "runaway")
    #expect(report.errors.isEmpty)
    Self.expectDrawn(report, panel: 0, is: trace)
  }

  /// Saves a picture of each step where CI keeps its output (`KOOBER_SCREENSHOTS`), when set.
  static func saveScreenshots(_ page: String, name: String, steps: [Trace.Step]) throws {
    guard let folder = ProcessInfo.processInfo.environment["KOOBER_SCREENSHOTS"],
      !folder.isEmpty, let browser = HeadlessBrowser.found
    else { return }
    let output = URL(fileURLWithPath: folder)
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let file = output.appendingPathComponent("\(name).html")
    try page.write(to: file, atomically: true, encoding: .utf8)
    for (index, step) in steps.enumerated() {
      try browser.screenshot(
        of: file.absoluteString + "#" + step.name,
        to: output.appendingPathComponent("\(name)-\(index + 1)-\(step.name).png"),
        size: name.hasPrefix("diff") ? (1800, 1000) : (1400, 1000))
    }
  }
}
