import Testing

@testable import ObjectTrace
@testable import TracePictures

/// The pictures of a run that is not the workbook's draw that run's own scopes: no Koober scope
/// is named, each scope has colours of its own, and a ``ScopeStyle`` orders and titles regions.
@Suite struct ScopeStyleTests {
  /// A library app's run: the app's catalog, a reader's session, a loan of one book, and an
  /// object with no token; the loan's objects appear first.
  static func libraryRun() -> Trace {
    let objects = [
      Trace.Object(id: "Loan#1", type: "Loan", scope: "loan"),
      Trace.Object(id: "Catalog#1", type: "Catalog", scope: "app"),
      Trace.Object(id: "ReaderSession#1", type: "ReaderSession", scope: "reader"),
      Trace.Object(id: "Note#1", type: "Note", scope: "untraced"),
    ]
    var step = TraceLayoutTests.step(
      "borrow", live: objects.map(\.id), created: objects.map(\.id),
      edges: [
        Trace.Edge(from: "Catalog#1", to: "ReaderSession#1", label: "reader"),
        Trace.Edge(from: "ReaderSession#1", to: "Loan#1", label: "loan"),
        Trace.Edge(from: "Loan#1", to: "Note#1", label: "note"),
      ],
      roots: [Trace.Root(label: "app", object: "Catalog#1", global: false)])
    // The walked graph, which Mermaid and Graphviz draw (a live trace's, not in its JSON).
    step.nodes = objects.map { Trace.Node(id: $0.id, scope: $0.scope, fields: [], links: []) }
    return Trace(chapter: nil, title: "Library", steps: [step], objects: objects)
  }

  /// No picture of someone else's run names the workbook's scopes, or styles them.
  @Test(arguments: [TraceFormat.mermaid, .dot, .svg, .html])
  func aRunOfYourOwnNamesNoScopeOfTheWorkbooks(format: TraceFormat) {
    let picture = format.render(Self.libraryRun())
    for word in ["onboarding", "signed-in", "signedin"] {
      #expect(!picture.contains(word), "\(format) names \(word)")
    }
  }

  /// Each scope of the run is coloured, and no two alike: in Mermaid by a class of its own.
  @Test func eachScopeHasColoursOfItsOwn() throws {
    let mermaid = TraceFormat.mermaid.render(Self.libraryRun())
    let fills = try ["app", "reader", "loan"].map { scope in
      let line = try #require(
        mermaid.split(separator: "\n").first { $0.hasPrefix("  classDef \(scope) fill:") },
        "no class for the \(scope) scope")
      return line.split(separator: " ").last.map(String.init)
    }
    #expect(Set(fills).count == 3, "\(fills)")
    let dot = TraceFormat.dot.render(Self.libraryRun())
    let dotFills = dot.split(separator: "\n").filter { $0.contains("fillcolor") }
      .compactMap { $0.split(separator: "fillcolor=").last }
    #expect(Set(dotFills).count == 4, "three scopes' colours and untraced's white: \(dotFills)")
  }

  /// Without a style, the app's region comes first and the others as their objects appear;
  /// untraced objects come last.
  @Test func thePlainStyleStacksTheAppFirstAndUntracedLast() {
    let layout = TraceLayout([Self.libraryRun()], style: .plain)
    #expect(layout.regions.map(\.scope) == ["app", "loan", "reader", "untraced"])
  }

  /// A style stacks the scopes it names in its order, titles their regions in the picture's
  /// language, and gives each named scope the palette's next colours.
  @Test func aStyleOrdersAndTitlesTheRegions() {
    let style = ScopeStyle([
      .init(.app),
      .init(
        LifetimeScope(name: "reader", depth: 1),
        title: Localized(en: "reader scope — one per reader", ko: "독자 스코프 — 독자마다 하나")),
      .init(LifetimeScope(name: "loan", depth: 2)),
    ])
    let layout = TraceLayout([Self.libraryRun()], style: style)
    #expect(layout.regions.map(\.scope) == ["app", "reader", "loan", "untraced"])
    let english = TraceFormat.svg.render(Self.libraryRun(), scopes: style)
    #expect(english.contains(">reader scope — one per reader</text>"))
    #expect(english.contains(">loan</text>"), "a scope with no title is titled by its name")
    let korean = TraceFormat.svg.render(Self.libraryRun(), language: .korean, scopes: style)
    #expect(korean.contains(">독자 스코프 — 독자마다 하나</text>"))
    #expect(english.contains(".region-reader rect{fill:\(ScopeStyle.palette[1].region)"))
    #expect(english.contains(".region-loan rect{fill:\(ScopeStyle.palette[2].region)"))
  }
}
