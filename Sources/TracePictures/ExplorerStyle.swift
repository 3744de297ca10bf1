import ObjectTrace

/// The style sheets of the pictures and the explorer page: written once, embedded in every
/// SVG and page (a page loads nothing: no network, no external style or font).
enum ExplorerStyle {
  /// What a drawing needs: regions, cards, badges, arrows, each scope's region and cards in the
  /// colours ``ScopeStyle/styled(_:)`` gives `scopes` (untraced ones dashed). Marks never rely
  /// on colour alone: a created, released or flagged card also carries a badge with a word on it.
  static func picture(_ scopes: [(scope: String, colours: ScopeStyle.Colours?)]) -> String {
    let regions = scopes.map { scope, colours in
      ".region-\(Markup.className(scope)) rect{"
        + (colours.map { "fill:\($0.region);stroke:\($0.regionStroke)" }
          ?? "fill:#fafafa;stroke:#9aa0a6;stroke-dasharray:6 4") + "}"
    }
    let cards = scopes.map { scope, colours in
      ".scope-\(Markup.className(scope)) .card{"
        + (colours.map { "stroke:\($0.card)" } ?? "stroke-dasharray:4 3") + "}"
    }
    return pictureStart + regions.joined() + pictureMiddle + cards.joined() + pictureEnd
  }

  private static let pictureStart = """
    .paper{fill:#fff}\
    .title{font:600 15px sans-serif;fill:#202124}\
    .screen{font:13px sans-serif;fill:#5f6368}\
    .region rect{fill:#f8f9fa;stroke:#c5cad3;stroke-width:1.2}
    """

  private static let pictureMiddle = """
    .region text{font:600 13px sans-serif;fill:#3c4043}\
    .card{fill:#fff;stroke:#80868b;stroke-width:1.2}
    """

  private static let pictureEnd = """
    .container .card{stroke-width:3;fill:#f5f7ff}\
    .id{font:600 12.5px sans-serif;fill:#202124}\
    .badge text{font:10.5px sans-serif}\
    .badge rect{stroke-width:1}\
    .badge-new rect{fill:#e6f4ea;stroke:#188038}.badge-new text{fill:#0d652d}\
    .badge-released rect{fill:#f1f3f4;stroke:#5f6368}.badge-released text{fill:#3c4043}\
    .badge-global rect{fill:#f3e8fd;stroke:#8430ce}.badge-global text{fill:#681da8}\
    .badge-only rect{fill:#fef7e0;stroke:#e37400}.badge-only text{fill:#8a4a00}\
    .badge-finding rect{fill:#fce8e6;stroke:#d93025}.badge-finding text{fill:#a50e0e;\
    font-weight:600}\
    .finding .card{stroke:#d93025;stroke-width:2.6}\
    .only .card{stroke:#e37400;stroke-width:3}\
    .released{opacity:.45}.released .card{stroke-dasharray:6 3}\
    .edge{fill:none;stroke:#5f6368;stroke-width:1.3}\
    .edge.back{stroke:#9aa0a6;stroke-dasharray:7 4}\
    .edge.weak{stroke:#1a73e8;stroke-dasharray:2 3;stroke-width:1.6}\
    .edge.only{stroke:#e37400;stroke-width:2.6}
    """

  /// The page around the drawings: controls, details, the timeline strip, the text section; and
  /// the motion of a step (a created card appears, a released one fades).
  static let page = """
    body{font:15px/1.45 system-ui,sans-serif;color:#202124;margin:0;background:#fff}\
    header{position:sticky;top:0;z-index:1;background:#fff;border-bottom:1px solid #dadce0;\
    padding:10px 16px}\
    h1{font-size:19px;margin:0 0 6px}h2{font-size:16px;margin:18px 0 8px}\
    .controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center}\
    button{font:inherit;padding:4px 10px;border:1px solid #80868b;border-radius:6px;\
    background:#fff;cursor:pointer}\
    button[aria-pressed=true]{background:#1a73e8;border-color:#1a73e8;color:#fff}\
    button:disabled{opacity:.4;cursor:default}\
    button:focus-visible,g.object:focus-visible{outline:3px solid #fbbc04;outline-offset:2px}\
    .keys{color:#5f6368;font-size:13px}\
    .status{margin:6px 0 0}.status strong{margin-right:12px}\
    main{padding:8px 16px 32px}\
    .stage{display:flex;gap:16px;align-items:flex-start}\
    .stage>.graph,.stage>.panels{flex:1 1 auto;min-width:0}\
    .graph svg.drawing{width:100%;height:auto;display:block}\
    svg.definitions{position:absolute;width:0;height:0}\
    .panels{display:flex;gap:12px}.panel{flex:1 1 0;min-width:0}.panel h2{margin-top:4px}\
    #details{flex:0 0 300px;border:1px solid #dadce0;border-radius:8px;padding:10px 12px;\
    font-size:14px;position:sticky;top:110px}\
    #details h3{margin:0 0 6px;font-size:15px;word-break:break-all}\
    #details dt{font-weight:600;margin-top:6px}#details dd{margin:0 0 0 10px;\
    word-break:break-word}\
    g.object{cursor:pointer}g.object.chosen .card{stroke:#fbbc04;stroke-width:4}\
    .edge.touching{stroke:#fbbc04;stroke-width:3}\
    .edge.back{display:none}\
    .all-references .edge.back,.edge.back.touching{display:inline}\
    .has-choice .edge{opacity:.25}.has-choice .edge.touching{opacity:1}\
    g.object.created{animation:appear .6s ease-out}\
    g.object.released{animation:fade 1.4s ease-in forwards}\
    @keyframes appear{from{opacity:0}to{opacity:1}}\
    @keyframes fade{from{opacity:1}to{opacity:.45}}\
    @media (prefers-reduced-motion:reduce){g.object{animation:none!important}}\
    .timeline{overflow-x:auto}\
    table{border-collapse:collapse;font-size:13px}\
    th,td{border:1px solid #e0e0e0;padding:2px 8px;text-align:left;white-space:nowrap}\
    td.cell{text-align:center;min-width:64px}\
    td.created{background:#e6f4ea}td.alive{background:#f1f3f4}td.released{background:#fafafa;\
    color:#80868b}td.flagged{box-shadow:inset 0 0 0 2px #d93025}\
    .current{outline:2px solid #1a73e8;outline-offset:-2px}\
    tbody tr:hover{background:#fffbe6}tbody th button{border:0;padding:0;background:none;\
    font:inherit;color:#1a0dab;text-decoration:underline}\
    pre{background:#f8f9fa;border:1px solid #e0e0e0;border-radius:6px;padding:8px;\
    overflow-x:auto;font-size:12.5px}\
    .legend li{margin:2px 0}
    """
}
