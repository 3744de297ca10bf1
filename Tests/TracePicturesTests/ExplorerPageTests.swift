import Foundation
import Testing

@testable import ObjectTrace
@testable import TracePictures

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The explorer page and the pictures draw what the trace says, and only that: each step's
/// drawing has exactly the step's live and released objects, with the step's marks and findings;
/// every name and value is text, never markup; a page loads nothing from anywhere.
@Suite struct ExplorerPageTests {
  /// One card as a drawing has it: its id, classes and finding kinds.
  struct Card: Equatable {
    var id: String
    var classes: Set<String>
    var findings: [String]
  }

  /// The cards of each step's drawing in `page`, by step index.
  static func drawnCards(in page: String) -> [[Card]] {
    page.components(separatedBy: "<div class=\"step-drawing\" data-step=\"").dropFirst().map {
      section in
      let drawing = section.components(separatedBy: "</svg>").first ?? ""
      return cards(in: drawing)
    }
  }

  /// The cards of one drawing (an SVG's or a page step's).
  static func cards(in drawing: String) -> [Card] {
    drawing.components(separatedBy: "<g class=\"object ").dropFirst().map { part in
      let classes = "object " + (part.components(separatedBy: "\"").first ?? "")
      return Card(
        id: unescaped(attribute("data-id", in: part)),
        classes: Set(classes.split(separator: " ").map(String.init)),
        findings: attribute("data-findings", in: part).split(separator: " ").map(String.init))
    }
  }

  static func attribute(_ name: String, in text: String) -> String {
    let parts = text.components(separatedBy: " \(name)=\"")
    guard parts.count > 1 else { return "" }
    return parts[1].components(separatedBy: "\"").first ?? ""
  }

  static func unescaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  /// Three steps: objects created, released, flagged; a weak reference and a back-reference.
  static func story() -> Trace {
    var trace = TraceLayoutTests.comingAndGoing()
    trace.steps[1].findings = [
      Trace.Finding(kind: .stale, object: "Repository#1", detail: "alive after its scope"),
      Trace.Finding(kind: .captive, object: "Container#1", detail: "holds Repository#1"),
    ]
    trace.steps[2].edges = [
      Trace.Edge(from: "App#1", to: "Container#1", label: "container"),
      Trace.Edge(from: "Container#1", to: "Repository#1", label: "repository"),
      Trace.Edge(from: "App#1", to: "Repository#1", label: "shortcut"),
      Trace.Edge(from: "Screen#2", to: "Repository#1", label: "watched", ownership: .weak),
    ]
    trace.steps[2].roots = [Trace.Root(label: "app", object: "App#1", global: false)]
    return trace
  }

  @Test func eachStepDrawsExactlyItsLiveAndReleasedObjectsWithTheirMarks() {
    let trace = Self.story()
    let steps = Self.drawnCards(
      in: HTMLTraceRenderer(language: .english, style: .plain).page(trace))
    #expect(steps.count == trace.steps.count)
    for (step, cards) in zip(trace.steps, steps) {
      #expect(Set(cards.map(\.id)) == Set(step.live + step.released), "\(step.name)")
      #expect(cards.count == Set(cards.map(\.id)).count, "\(step.name): an object drawn twice")
      let marked: (String) -> Set<String> = { mark in
        Set(cards.filter { $0.classes.contains(mark) }.map(\.id))
      }
      #expect(marked("live") == Set(step.live))
      #expect(marked("released") == Set(step.released))
      #expect(marked("created") == Set(step.created))
      for card in cards {
        let kinds = step.findings.filter { $0.object == card.id }.map(\.kind.rawValue)
        #expect(card.findings == kinds, "\(step.name) \(card.id)")
        #expect(card.classes.contains("finding") == !kinds.isEmpty)
      }
    }
  }

  @Test func anObjectKeepsItsPlaceFromStepToStep() {
    let page = HTMLTraceRenderer(language: .english, style: .plain).page(Self.story())
    var places: [String: Set<String>] = [:]
    for part in page.components(separatedBy: "<g class=\"object ").dropFirst() {
      places[Self.attribute("data-id", in: part), default: []].insert(
        Self.attribute("transform", in: part))
    }
    #expect(places["App#1"]?.count == 1)
    #expect(places["Repository#1"]?.count == 1)
    #expect(places.values.allSatisfy { $0.count == 1 })
  }

  @Test func referencesAreDrawnByKind() {
    let page = HTMLTraceRenderer(language: .english, style: .plain).page(Self.story())
    #expect(page.contains("<path class=\"edge tree\" data-from=\"App#1\" data-to=\"Container#1\""))
    #expect(page.contains("<path class=\"edge back\" data-from=\"App#1\" data-to=\"Repository#1\""))
    #expect(page.contains("<path class=\"edge weak\" data-from=\"Screen#2\""))
    #expect(page.contains("marker-end=\"url(#arrow-weak)\""))
  }

  @Test func theTimelineHasARowPerObjectAndTheTextOfEachStep() {
    let trace = Self.story()
    let page = HTMLTraceRenderer(language: .english, style: .plain).page(trace)
    let body = page.components(separatedBy: "<tbody>").last ?? ""
    #expect(body.components(separatedBy: "<tr data-id=").count - 1 == trace.objects.count)
    #expect(page.components(separatedBy: "<pre data-step=").count - 1 == trace.steps.count)
    #expect(page.contains("── step 2: sign-up"))
  }

  /// A learner's names and values that would be markup or code if printed as they are.
  static func hostile() -> Trace {
    let evil = "Evil</script><script>alert(1)</script>#1"
    let quoted = "Q\"uote'<b>#1"
    var trace = Self.story()
    trace.title = "<img src=x onerror=alert(1)>"
    trace.objects += [
      Trace.Object(id: evil, type: "Evil</script><script>alert(1)</script>", scope: "app"),
      Trace.Object(id: quoted, type: "Q\"uote'<b>", scope: "x\"><svg onload=alert(2)>"),
    ]
    trace.steps[0].screen = "<iframe src=\"https://example.com\"></iframe>\u{1b}[31m"
    trace.steps[0].live += [evil, quoted]
    trace.steps[0].edges = [Trace.Edge(from: evil, to: quoted, label: "\"><script>alert(3)")]
    trace.steps[0].findings = [
      Trace.Finding(kind: .leak, object: evil, detail: "</script><script>alert(4)")
    ]
    return trace
  }

  @Test func namesAndValuesAreTextNeverMarkup() {
    for language in Language.allCases {
      let page = HTMLTraceRenderer(language: language, style: .plain).page(Self.hostile())
      #expect(
        page.components(separatedBy: "<script").count - 1 == 2, "only the page's own two")
      #expect(page.components(separatedBy: "</script>").count - 1 == 2)
      for markup in ["<img", "<iframe", "<svg onload", "<b>", "\u{1b}"] {
        #expect(!page.contains(markup), "\(markup) reached the page as markup")
      }
      #expect(page.contains("Evil&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;#1"))
      // The JSON the script reads keeps every value, and cannot close its element.
      #expect(page.contains(#"Evil\u003c/script\u003e\u003cscript\u003ealert(1)"#))
      let cards = Self.drawnCards(in: page)[0]
      #expect(Set(cards.map(\.id)).isSuperset(of: ["Evil</script><script>alert(1)</script>#1"]))
    }
  }

  @Test func aPictureIsWellFormedXMLWhateverTheNames() throws {
    for trace in [Self.story(), Self.hostile()] {
      let svg = TraceFormat.svg.render(trace)
      let parser = XMLParser(data: Data(svg.utf8))
      #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
      #expect(svg.components(separatedBy: "<script").count == 1)
    }
  }

  @Test func onePictureIsOneStep() {
    let trace = Self.story()
    let svg = TraceFormat.svg.render(trace, onlyStep: "sign-up")
    #expect(svg.contains("Step 2 of 3: sign-up"))
    #expect(!svg.contains("Step 1 of 3"))
    #expect(
      Set(Self.cards(in: svg).map(\.id)) == Set(trace.steps[1].live + trace.steps[1].released)
    )
    let all = TraceFormat.svg.render(trace)
    #expect(all.contains("Step 1 of 3") && all.contains("Step 3 of 3"))
  }

  @Test func aPageLoadsNothing() {
    for page in [
      HTMLTraceRenderer(language: .english, style: .plain).page(Self.story()),
      HTMLTraceRenderer(language: .korean, style: .plain).diffPage(
        Self.story(), Self.story(), summaries: [:]),
    ] {
      for reference in ["src=", "href=", "@import", "url(http", "http://", "https://", "//cdn"] {
        #expect(!page.contains(reference), "the page refers to \(reference)")
      }
    }
  }

  @Test func theDiffPageMarksWhatOnlyOneHas() {
    var after = Self.story()
    after.chapter = 8
    after.steps[2].live.removeAll { $0 == "Screen#3" }
    after.steps[2].created.removeAll { $0 == "Screen#3" }
    after.steps[2].edges.removeAll { $0.label == "shortcut" }
    let page = HTMLTraceRenderer(language: .english, style: .plain).diffPage(
      Self.story(), after, summaries: ["sign-out": ["  alive only in chapter 7:", "    Screen#3"]])
    let panels = page.components(separatedBy: "<section class=\"panel graph\" data-trace=\"")
    #expect(panels.count == 3)
    let before = Self.drawnCards(in: panels[1])
    let later = Self.drawnCards(in: panels[2])
    #expect(before[2].filter { $0.classes.contains("only") }.map(\.id) == ["Screen#3"])
    #expect(later[2].filter { $0.classes.contains("only") }.isEmpty)
    #expect(panels[1].contains("<path class=\"edge only\" data-from=\"App#1\""))
    // The card's badge names the chapter whose drawing it is in.
    #expect(panels[1].contains("only in chapter 7\">"))
    #expect(!panels[1].contains("only in chapter 8"))
    #expect(page.contains("only in chapter 7"))
    #expect(page.contains("    Screen#3</pre>"))
  }

  @Test func bothLanguagesLabelEverything() {
    let english = ExplorerTexts.english
    let korean = ExplorerTexts.korean
    for (left, right) in zip(
      Mirror(reflecting: english).children, Mirror(reflecting: korean).children)
    {
      if let a = left.value as? String, let b = right.value as? String {
        #expect(a != b, "\(left.label ?? "?") is the same in both languages")
      }
    }
    #expect(Set(english.regionTitles.keys) == Set(korean.regionTitles.keys))
    #expect(english.legendLines.count == korean.legendLines.count)
    let page = HTMLTraceRenderer(language: .korean, style: .plain).page(Self.story())
    #expect(page.contains("<html lang=\"ko\">"))
    #expect(page.contains("앱 스코프"))
    #expect(page.contains("3단계 중 1단계: launch"))
  }

  /// Two objects that hold each other, one way strongly and back weakly, are two arrows: the
  /// strong one a tree arrow, the weak one dotted with its own head — weak, though it points
  /// back at an object reached before, not a back-reference the explorer hides until asked.
  @Test func aStrongReferenceAndAWeakOneBackAreTwoArrowsOfTheirKinds() throws {
    let objects = [
      Trace.Object(id: "Parent#1", type: "Parent", scope: "app"),
      Trace.Object(id: "Child#1", type: "Child", scope: "app"),
    ]
    let step = TraceLayoutTests.step(
      "launch", live: objects.map(\.id),
      edges: [
        Trace.Edge(from: "Parent#1", to: "Child#1", label: "child"),
        Trace.Edge(from: "Child#1", to: "Parent#1", label: "parent", ownership: .weak),
      ],
      roots: [Trace.Root(label: "app", object: "Parent#1", global: false)])
    let svg = TraceFormat.svg.render(
      Trace(chapter: 7, title: "Each other", steps: [step], objects: objects))
    let arrows = svg.components(separatedBy: "<path class=\"edge ").dropFirst()
    #expect(arrows.count == 2)
    let strong = try #require(arrows.first { $0.contains("data-from=\"Parent#1\"") })
    let weak = try #require(arrows.first { $0.contains("data-from=\"Child#1\"") })
    #expect(strong.hasPrefix("tree\"") && strong.contains("marker-end=\"url(#arrow)\""))
    #expect(weak.hasPrefix("weak\"") && weak.contains("marker-end=\"url(#arrow-weak)\""))
    let weakStyle = svg.components(separatedBy: ".edge.weak{").dropFirst().first ?? ""
    #expect(weakStyle.prefix { $0 != "}" }.contains("stroke-dasharray"))
  }

  /// A strong and a weak reference from one object to the same other are one arrow between
  /// their cards, drawn as the strong one (it keeps its target alive), and its title names both,
  /// the weak one marked `(weak)`: neither reference is lost, and they are told apart.
  @Test func aStrongAndAWeakReferenceToOneObjectAreBothOnItsArrow() throws {
    let objects = [
      Trace.Object(id: "Screen#1", type: "Screen", scope: "app"),
      Trace.Object(id: "Model#1", type: "Model", scope: "app"),
    ]
    let step = TraceLayoutTests.step(
      "launch", live: objects.map(\.id),
      edges: [
        Trace.Edge(from: "Screen#1", to: "Model#1", label: "model"),
        Trace.Edge(from: "Screen#1", to: "Model#1", label: "observed", ownership: .weak),
      ],
      roots: [Trace.Root(label: "app", object: "Screen#1", global: false)])
    let svg = TraceFormat.svg.render(
      Trace(chapter: 7, title: "Twice", steps: [step], objects: objects))
    let arrows = svg.components(separatedBy: "<path class=\"edge ").dropFirst()
    #expect(arrows.count == 1)
    let arrow = try #require(arrows.first)
    #expect(arrow.hasPrefix("tree\"") && arrow.contains("marker-end=\"url(#arrow)\""))
    #expect(
      arrow.contains(
        "<title>Screen#1.model → Model#1\nScreen#1.observed (weak) → Model#1</title>"))
  }

  /// The diff page's summary names the learner's ids and values: text, never markup.
  @Test func theDiffPagesSummaryIsTextNeverMarkup() {
    let line = "    Evil</pre><script>alert(5)</script>#1"
    let page = HTMLTraceRenderer(language: .english, style: .plain).diffPage(
      Self.story(), Self.story(), summaries: ["launch": ["  alive only in chapter 7:", line]])
    #expect(page.components(separatedBy: "<script").count - 1 == 2, "only the page's own two")
    #expect(!page.contains("</pre><script>"))
    #expect(page.contains("    Evil&lt;/pre&gt;&lt;script&gt;alert(5)&lt;/script&gt;#1</pre>"))
  }

  /// The details panel is filled by the page's script with `textContent`: no string a trace
  /// holds is ever parsed as markup, so a learner's value stays text in the panel.
  @Test func theDetailsPanelWritesEveryValueAsText() {
    let script = ExplorerScript.source
    for sink in [
      "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write",
      "createContextualFragment", "DOMParser",
    ] {
      #expect(!script.contains(sink), "the explorer's script writes markup with \(sink)")
    }
    #expect(script.contains("title.textContent = id;"))
    #expect(script.contains("term.textContent = title;"))
    #expect(script.contains("element.textContent = text;"))
  }
}
