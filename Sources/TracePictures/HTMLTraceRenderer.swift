import ObjectTrace

/// Renders a trace as the explorer: one self-contained page (no network, no external script,
/// style or font) that a learner opens from the file system and steps through.
///
/// The page holds, for every step, the drawing of ``SVGTraceRenderer`` on one ``TraceLayout``
/// (so an object keeps its place), the step's screen line, and its text trace and facts; a
/// lifetime strip (every object × every step); and the trace's JSON, from which the script fills
/// in an object's details. Without the script it still shows the first step and everything else.
package struct HTMLTraceRenderer: Sendable {
  /// The words of the page.
  let texts: ExplorerTexts
  /// Where the pages that explain each finding are; the details name no page when `nil`.
  let findingPages: FindingPages?
  /// The order, titles and colours of the scopes' regions.
  let style: ScopeStyle

  /// A renderer whose labels are in `language` (`en` or `ko`), pointing to `findingPages`, with
  /// the scopes drawn in `style`.
  package init(language: Language, findingPages: FindingPages? = nil, style: ScopeStyle) {
    texts = .in(language)
    self.findingPages = findingPages
    self.style = style
  }

  /// The explorer page of one trace.
  package func page(_ trace: Trace) -> String {
    let layout = TraceLayout([trace], style: style)
    let svg = SVGTraceRenderer(layout: layout, texts: texts, style: style)
    var body = header(title: texts.chapterTitle(trace.chapter, trace.title), trace: trace)
    body.append("<main>")
    body.append("<div class=\"stage\">")
    body.append("<section class=\"graph\" data-trace=\"0\">")
    body += drawings(trace, svg: svg, layout: layout)
    body.append("</section>")
    body.append(detailsPanel)
    body.append("</div>")
    body += timeline(trace)
    body.append("<details class=\"text\"><summary>\(Markup.escaped(texts.textTrace))</summary>")
    let text = TraceFormat.text.steps(of: trace, findingPages: findingPages)?.steps ?? []
    let facts = TraceFormat.facts.steps(of: trace)?.steps ?? []
    for (index, step) in trace.steps.enumerated() {
      let lines =
        (text.first { $0.name == step.name }?.lines.drop { $0.isEmpty } ?? []) + ["", ""]
        + (facts.first { $0.name == step.name }?.lines ?? [])
      body.append(
        "<pre data-step=\"\(index)\"\(index == 0 ? "" : " hidden")>"
          + Markup.escaped(lines.joined(separator: "\n").trimmingTrailingNewlines()) + "</pre>")
    }
    body.append("</details>")
    body += legend
    body.append("</main>")
    return document(
      title: texts.pageTitle(trace.chapter, trace.title), body: body, traces: [trace],
      layout: layout)
  }

  /// Two chapters side by side at the same step, on one layout (an id sits in the same place in
  /// both), with what only one of them has marked; `summaries` holds, by step name, the lines
  /// that say what differs (``ChapterDiff``'s).
  package func diffPage(_ before: Trace, _ after: Trace, summaries: [String: [String]]) -> String {
    let layout = TraceLayout([before, after], style: style)
    let svg = SVGTraceRenderer(layout: layout, texts: texts, style: style)
    let title = texts.diffTitle(before.chapter, after.chapter)
    var body = header(title: title, trace: before)
    body.append("<main>")
    body.append("<div class=\"stage\">")
    body.append("<div class=\"panels\">")
    for (number, (trace, other)) in [(before, after), (after, before)].enumerated() {
      body.append("<section class=\"panel graph\" data-trace=\"\(number)\">")
      body.append("<h2>\(Markup.escaped(texts.chapterTitle(trace.chapter, trace.title)))</h2>")
      body += drawings(trace, svg: svg, layout: layout, comparedWith: other)
      body.append("</section>")
    }
    body.append("</div>")
    body.append(detailsPanel)
    body.append("</div>")
    body.append("<section class=\"summary\"><h2>\(Markup.escaped(texts.diffSummary))</h2>")
    for (index, step) in before.steps.enumerated() {
      body.append(
        "<pre data-step=\"\(index)\"\(index == 0 ? "" : " hidden")>"
          + Markup.escaped((summaries[step.name] ?? []).joined(separator: "\n")) + "</pre>")
    }
    body.append("</section>")
    body += legend
    body.append("</main>")
    return document(title: title, body: body, traces: [before, after], layout: layout)
  }

  // MARK: - Parts

  /// The sticky header: the title, the step controls and each step's status line.
  private func header(title: String, trace: Trace) -> [String] {
    var lines = ["<header>", "<h1>\(Markup.escaped(title))</h1>"]
    lines.append("<nav class=\"controls\" aria-label=\"steps\">")
    lines.append(
      "<button type=\"button\" data-move=\"-1\">\(Markup.escaped(texts.previous))</button>")
    for (index, step) in trace.steps.enumerated() {
      lines.append(
        "<button type=\"button\" class=\"step\" data-goto=\"\(index)\" "
          + "aria-pressed=\"\(index == 0)\">\(index + 1) \(Markup.escaped(step.name))</button>")
    }
    lines.append("<button type=\"button\" data-move=\"1\">\(Markup.escaped(texts.next))</button>")
    lines.append("<span class=\"keys\">\(Markup.escaped(texts.keys))</span>")
    lines.append("</nav>")
    for (index, step) in trace.steps.enumerated() {
      lines.append(
        "<p class=\"status\" data-step=\"\(index)\"\(index == 0 ? "" : " hidden")>"
          + "<strong>\(Markup.escaped(texts.stepOf(index + 1, trace.steps.count, step.name)))"
          + "</strong>\(Markup.escaped(texts.screen)) <span class=\"screen-line\">"
          + "\(Markup.escaped(step.screen))</span></p>")
    }
    lines.append("</header>")
    return lines
  }

  /// One drawing per step, all but the first hidden; `other` marks what only `trace` has.
  private func drawings(
    _ trace: Trace, svg: SVGTraceRenderer, layout: TraceLayout, comparedWith other: Trace? = nil
  ) -> [String] {
    var lines: [String] = []
    for (index, step) in trace.steps.enumerated() {
      var difference: SVGTraceRenderer.Difference?
      if let other {
        let there = other.steps.first { $0.name == step.name }
        let aliveThere = Set(there?.live ?? [])
        let referencesThere = Set((there?.edges ?? []).map(SVGTraceRenderer.referenceKey))
        difference = SVGTraceRenderer.Difference(
          objects: Set(step.live.filter { !aliveThere.contains($0) }),
          references: Set(step.edges.map(SVGTraceRenderer.referenceKey)).subtracting(
            referencesThere),
          label: texts.onlyIn(trace.chapter))
      }
      // The HTML element carries `hidden`: an `svg` element has no `hidden` of its own.
      lines.append(
        "<div class=\"step-drawing\" data-step=\"\(index)\"\(index == 0 ? "" : " hidden")>")
      lines.append(
        "<svg class=\"drawing\" viewBox=\"0 0 \(layout.width) \(layout.height)\" role=\"img\" "
          + "aria-label=\"\(Markup.escaped(texts.pictureLabel(trace.chapter, step.name)))\">")
      lines += svg.drawing(of: step, difference: difference)
      lines.append("</svg></div>")
    }
    return lines
  }

  private var detailsPanel: String {
    "<aside id=\"details\" aria-live=\"polite\"><p>\(Markup.escaped(texts.choose))</p></aside>"
  }

  /// The lifetime strip: a row per object, a column per step; the current step's column is
  /// outlined by the script.
  private func timeline(_ trace: Trace) -> [String] {
    var lines = [
      "<section class=\"timeline\"><h2>\(Markup.escaped(texts.timeline))</h2><table>",
      "<thead><tr><th>id</th><th>\(Markup.escaped(texts.scope))</th>"
        + trace.steps.enumerated().map { index, step in
          "<th data-col=\"\(index)\">\(Markup.escaped(step.name))</th>"
        }.joined() + "</tr></thead>",
      "<tbody>",
    ]
    let kinds = trace.steps.map(\.findingKinds)
    for object in trace.objects {
      var row =
        "<tr data-id=\"\(Markup.escaped(object.id))\"><th scope=\"row\"><button type=\"button\">"
        + "\(Markup.escaped(object.id))</button></th><td>\(Markup.escaped(object.scope))</td>"
      for (index, step) in trace.steps.enumerated() {
        let flags = kinds[index][object.id] ?? []
        let words = TimelineTraceRenderer.cell(for: object.id, in: step, kinds: flags)
        let created = step.created.contains(object.id)
        let released = step.released.contains(object.id)
        let state =
          created ? "created" : released ? "released" : step.live.contains(object.id) ? "alive" : ""
        let symbol = (created ? "+" : "") + (released ? "✕" : "") + (state == "alive" ? "━" : "")
        let flagged = !flags.isEmpty
        row +=
          "<td class=\"cell \(state)\(flagged ? " flagged" : "")\" data-col=\"\(index)\" "
          + "title=\"\(Markup.escaped(words))\">\(symbol)\(flagged ? " ⚠" : "")</td>"
      }
      lines.append(row + "</tr>")
    }
    lines.append("</tbody></table></section>")
    return lines
  }

  private var legend: [String] {
    ["<section class=\"legend\"><h2>\(Markup.escaped(texts.legend))</h2><ul>"]
      + texts.legendLines.map { "<li>\(Markup.escaped($0))</li>" } + ["</ul></section>"]
  }

  /// The whole document around `body`, with the style, the arrowheads, the traces' JSON (for the
  /// details) and the script.
  private func document(title: String, body: [String], traces: [Trace], layout: TraceLayout)
    -> String
  {
    let data = TraceFormat.jsonText(
      PageData(texts: ScriptTexts(texts, findingPages: findingPages), traces: traces))
    let lines =
      [
        "<!doctype html>",
        "<html lang=\"\(texts.language.code)\">",
        "<head>",
        "<meta charset=\"utf-8\">",
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
        "<title>\(Markup.escaped(title))</title>",
        "<style>\(SVGTraceRenderer.styleSheet(style, layout: layout))\n\(ExplorerStyle.page)"
          + "</style>",
        "</head>",
        "<body>",
        "<svg class=\"definitions\" aria-hidden=\"true\" focusable=\"false\">"
          + SVGTraceRenderer.definitions + "</svg>",
      ] + body + [
        "<script type=\"application/json\" id=\"trace-data\">"
          + Markup.scriptSafe(json: data.trimmingTrailingNewlines()) + "</script>",
        "<script>\n\(ExplorerScript.source)</script>",
        "</body>",
        "</html>",
      ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// What the script reads: the words of the details panel, and the traces.
  private struct PageData: Encodable {
    var texts: ScriptTexts
    var traces: [Trace]
  }

  /// The words the script puts in the details panel.
  private struct ScriptTexts: Encodable {
    var type, scope, heldBy, onlyScreens, references, referencedBy, findings, none, notDrawn,
      timeline, created, released, alive: String
    /// Each finding kind's reference page, in the page's language.
    var pages: [String: String]

    init(_ texts: ExplorerTexts, findingPages: FindingPages?) {
      type = texts.type
      scope = texts.scope
      heldBy = texts.heldBy
      onlyScreens = texts.onlyScreens
      references = texts.references
      referencedBy = texts.referencedBy
      findings = texts.findings
      none = texts.none
      notDrawn = texts.notDrawn
      timeline = texts.timeline
      created = texts.created
      released = texts.released
      alive = texts.alive
      pages = Dictionary(
        uniqueKeysWithValues: Trace.Finding.Kind.allCases.compactMap { kind in
          findingPages.map { (kind.rawValue, $0.page(kind, language: texts.language)) }
        })
    }
  }
}

extension String {
  /// The text without the newlines at its end.
  func trimmingTrailingNewlines() -> String {
    var text = Substring(self)
    while text.last == "\n" { text = text.dropLast() }
    return String(text)
  }
}
