import ObjectTrace

/// How the pictures draw a run's scopes: in `svg` and `html`, which regions come first and what
/// each region's title says; in those and in `mermaid` and `dot`, which colours each scope gets
/// (Mermaid and Graphviz draw no regions, only each object in its scope's colours).
///
/// The scopes a style names come first, in its order; every other scope follows in the order
/// its first object appears, and `untraced` (objects with no `Lifetime` token) comes last
/// unless the style places it. Each scope but `untraced` takes the next colours of one palette
/// in that order, so two scopes of a picture never share colours (up to six; then the palette
/// repeats). A region is titled by its scope's `title`, or else by its name.
///
/// ``plain`` names only `LifetimeScope.app`: a run of your own is drawn with it unless you
/// pass a style that names your scopes.
///
/// ```swift
/// let reader = LifetimeScope(name: "reader", depth: 1)
/// let style = ScopeStyle([
///   .init(.app),
///   .init(reader, title: Localized(en: "reader scope — one per signed-in reader",
///                                  ko: "독자 스코프 — 로그인한 독자마다 하나")),
/// ])
/// let picture = TraceFormat.svg.render(trace, scopes: style)
/// ```
public struct ScopeStyle: Sendable, Equatable {
  /// A scope the style names, and its region's title.
  public struct Scope: Sendable, Equatable {
    /// The scope's name, as the trace writes it (`signed-in`).
    public let name: String
    /// The region's title in each language, e.g. "signed-in scope — one per signed-in session";
    /// `nil` titles the region with this module's own titles for the app and untraced scopes,
    /// and with the scope's name for any other.
    public let title: Localized?

    /// Names `scope` in a style, with its region's `title`.
    public init(_ scope: LifetimeScope, title: Localized? = nil) {
      name = scope.name
      self.title = title
    }
  }

  /// The scopes the style names, in the order their regions are stacked.
  public let scopes: [Scope]

  /// A style naming `scopes` first, in this order.
  public init(_ scopes: [Scope]) {
    self.scopes = scopes
  }

  /// The app's scope first, then every other scope in order of appearance.
  public static let plain = ScopeStyle([Scope(.app)])
}

// MARK: - What a picture draws from a style

extension ScopeStyle {
  /// One scope's colours, as CSS colour texts.
  struct Colours: Equatable, Sendable {
    /// A node's fill (Mermaid, Graphviz).
    let node: String
    /// A Mermaid node's border.
    let nodeStroke: String
    /// An SVG card's border.
    let card: String
    /// An SVG region's fill and border.
    let region: String
    let regionStroke: String
  }

  /// The colours scopes take in turn: blue, amber, green, violet, teal, rose.
  static let palette = [
    Colours(
      node: "#e8f0fe", nodeStroke: "#4a6fa5", card: "#4a6fa5", region: "#eef3fc",
      regionStroke: "#8ba4cc"),
    Colours(
      node: "#fff4e0", nodeStroke: "#c08a2b", card: "#b07d22", region: "#fff6e6",
      regionStroke: "#d4a85a"),
    Colours(
      node: "#e6f4ea", nodeStroke: "#3b8a4f", card: "#3b8a4f", region: "#eaf6ed",
      regionStroke: "#7fb38d"),
    Colours(
      node: "#f3e8fd", nodeStroke: "#8e5cc0", card: "#8e5cc0", region: "#f6effc",
      regionStroke: "#b79bd6"),
    Colours(
      node: "#e0f4f4", nodeStroke: "#2e8b8b", card: "#2e8b8b", region: "#e8f6f6",
      regionStroke: "#84c1c1"),
    Colours(
      node: "#fde7ef", nodeStroke: "#b0466e", card: "#b0466e", region: "#fdeef3",
      regionStroke: "#d79ab2"),
  ]

  /// The regions of a picture whose objects' scopes, in order of appearance, are `present`:
  /// the named scopes present, in the style's order; then the others; `untraced` last unless
  /// named.
  func regions(of present: [String]) -> [String] {
    let named = scopes.map(\.name)
    let untraced = LifetimeScope.untraced.name
    return named.filter(present.contains)
      + present.uniqued().filter { !named.contains($0) && $0 != untraced }
      + (named.contains(untraced) || !present.contains(untraced) ? [] : [untraced])
  }

  /// Every scope a picture styles, with its colours (`nil` for `untraced`, drawn dashed): the
  /// named ones, present or not (so a style sheet is the same for every run the style draws),
  /// then the others of `present` in order, then `untraced` unless named.
  func styled(_ present: [String]) -> [(scope: String, colours: Colours?)] {
    let untraced = LifetimeScope.untraced.name
    let named = scopes.map(\.name)
    let names =
      named + present.uniqued().filter { !named.contains($0) && $0 != untraced }
      + (named.contains(untraced) ? [] : [untraced])
    var next = 0
    return names.map { name in
      guard name != untraced else { return (name, nil) }
      defer { next += 1 }
      return (name, Self.palette[next % Self.palette.count])
    }
  }

  /// The title the style gives `scope`'s region in `language`, if it names one.
  func title(of scope: String, in language: Language) -> String? {
    scopes.first { $0.name == scope }?.title.map { $0.text(in: language) }
  }
}
