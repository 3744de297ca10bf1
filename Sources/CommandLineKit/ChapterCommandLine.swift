/// What one chapter's executable takes beyond the options every chapter shares: its own options,
/// and the groups of them that may not be given together. A chapter with none declares no type.
public protocol ChapterCommandLine: Sendable {
  /// The chapter's own options, in the order its usage lists them.
  static var extraOptions: [ValueOption] { get }
  /// Names of options that may not be given together, a group each.
  static var exclusive: [[String]] { get }
}

extension ChapterCommandLine {
  /// No group: any of the chapter's options goes with any other.
  public static var exclusive: [[String]] { [] }
}
