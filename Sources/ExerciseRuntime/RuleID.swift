/// A rule's stable id, e.g. `signed-in-scope-ends`: what the catalog, the checks, the graders and
/// the tests name a rule by. It is a string only where it leaves the workbook: in the JSON (as
/// its raw value) and in a line a reader sees.
public struct RuleID: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The id as JSON and a reader see it.
  public let rawValue: String

  /// The id `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The id a literal spells: `"nothing-leaks"`.
  public init(stringLiteral value: String) { rawValue = value }

  /// The id as a reader sees it.
  public var description: String { rawValue }
}
