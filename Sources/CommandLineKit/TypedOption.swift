/// An option whose values are a type's cases, read back as that type.
///
/// ``declaration`` is the ``ValueOption`` the parser takes: `--format html` is declared from
/// `TraceFormat` and read as `.html`, so the words become a type once, where they are parsed.
public struct TypedOption<Value: RawRepresentable & Sendable>: Sendable
where Value.RawValue == String {
  /// The option as the parser takes it (its name, words, default and help).
  public let declaration: ValueOption

  /// Describes an option whose values are `cases`, in that order.
  public init(name: String, cases: [Value], defaultValue: Value?, help: String) {
    declaration = ValueOption(
      name: name, values: cases.map(\.rawValue), defaultValue: defaultValue?.rawValue,
      help: help)
  }
}

extension TypedOption where Value: CaseIterable {
  /// Describes an option whose values are all of `Value`'s cases.
  public init(name: String, defaultValue: Value?, help: String) {
    self.init(name: name, cases: Array(Value.allCases), defaultValue: defaultValue, help: help)
  }
}
