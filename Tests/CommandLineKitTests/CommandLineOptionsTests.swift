import CommandLineKit
import Testing

/// The one parser every executable uses: the chapters (options only) and `workbook` (options,
/// flags and a few plain arguments). It says what is wrong as a ``UsageError/Problem`` each
/// command words in its own language; ``UsageError/description`` is the English line.
@Suite struct CommandLineOptionsTests {
  /// What `--format` may be in `diffLike`: the option is declared from the type and read as it.
  enum DiffFormat: String, CaseIterable, Sendable {
    case text, html
  }

  static let diffFormat = TypedOption<DiffFormat>(name: "format", defaultValue: .text, help: "")
  static let yes = FlagOption(name: "yes", short: "y", help: "")

  /// A command shaped like `workbook diff`: two arguments, a format, a flag with a short form.
  static let diffLike = CommandLineOptions(
    command: "diff", summary: "Compares two chapters.", options: [diffFormat.declaration],
    flags: [yes], maximumArguments: 2)

  @Test func argumentsOptionsAndFlagsMayComeInAnyOrder() throws {
    let parsed = try Self.diffLike.parse(["3", "--format=html", "-y", "4"])
    #expect(parsed.arguments == ["3", "4"])
    #expect(parsed[Self.diffFormat] == .html)
    #expect(parsed.contains(Self.yes))
  }

  @Test func afterTwoDashesEveryWordIsAnArgument() throws {
    let parsed = try Self.diffLike.parse(["--", "-3", "--format"])
    #expect(parsed.arguments == ["-3", "--format"])
    #expect(parsed[Self.diffFormat] == .text)
    #expect(!parsed.contains(Self.yes))
  }

  @Test(arguments: [
    (["3", "4", "5"], UsageError.Problem.unexpectedArgument("5")),
    (["-x"], .unknownOption("-x")),
    (["--yes", "-y"], .givenTwice(option: "yes")),
    (["--yes=1"], .takesNoValue(option: "yes")),
    (["--format"], .missingValue(option: "format")),
    (["--format", "-y"], .missingValue(option: "format")),
    (["--format=pdf"], .invalidValue("pdf", option: "format", expected: ["text", "html"])),
    (["--", "1", "2", "3"], .unexpectedArgument("3")),
  ])
  func eachMistakeIsNamedAsAProblem(arguments: [String], problem: UsageError.Problem) {
    #expect(throws: UsageError(problem)) { try Self.diffLike.parse(arguments) }
  }

  @Test func aTypedOptionOffersItsTypesCasesAndReadsBackOne() throws {
    #expect(Self.diffFormat.declaration.values == ["text", "html"])
    #expect(Self.diffFormat.declaration.defaultValue == "text")
    let some = TypedOption<DiffFormat>(name: "format", cases: [.html], defaultValue: nil, help: "")
    #expect(some.declaration.values == ["html"])
    let parsed = try CommandLineOptions(command: "c", summary: "", options: [some.declaration])
      .parse([])
    #expect(parsed[some] == nil)
  }

  @Test func aCommandThatTakesNoArgumentsRefusesTheFirst() {
    let chapter = CommandLineOptions(command: "chapter1", summary: "", options: [])
    #expect(throws: UsageError(.unexpectedArgument("extra"))) { try chapter.parse(["extra"]) }
    #expect(throws: UsageError(.unknownOption("-"))) { try chapter.parse(["-"]) }
  }

  @Test func theEnglishLineQuotesAndCutsWhatWasGiven() {
    let error = UsageError(.unknownOption("--\u{1B}[2J" + String(repeating: "x", count: 100)))
    #expect(error.description.hasPrefix("unknown option '--\\u{1b}[2J"))
    #expect(error.description.hasSuffix("…'"))
    #expect(
      UsageError(.notTogether(options: ["server", "preview"])).description
        == "'--server' and '--preview' cannot be used together")
  }

  // MARK: - Options, as the chapters take them

  /// A format option with no type behind it: its value is read as the word given.
  private let format = ValueOption(
    name: "format", values: ["text", "json"], defaultValue: "text", help: "format")
  private let preview = ValueOption(
    name: "preview", values: ["profile"], defaultValue: nil, help: "preview")
  private var options: CommandLineOptions {
    CommandLineOptions(command: "demo", summary: "A demo.", options: [format, preview])
  }

  @Test func defaultsApplyWhenOptionsAreLeftOut() throws {
    let parsed = try options.parse([])
    #expect(parsed[format] == "text")
    #expect(parsed[preview] == nil)
    #expect(!parsed.wantsHelp)
  }

  @Test func bothFormsAreReadAndHelpWinsWhereverItStands() throws {
    let parsed = try options.parse(["--format", "json", "--preview=profile"])
    #expect(parsed[format] == "json")
    #expect(parsed[preview] == "profile")
    #expect(try options.parse(["--nope", "x", "-h"]).wantsHelp)
    #expect(try options.parse(["--help", "--format", "bogus"]).wantsHelp)
    #expect(throws: UsageError.self) { try options.parse(["--", "--help"]) }
  }

  @Test func aRepeatedOptionIsAnError() {
    #expect(throws: UsageError(.givenTwice(option: "format"))) {
      try options.parse(["--format", "json", "--format=text"])
    }
  }

  @Test func doubleDashEndsTheOptions() throws {
    #expect(try options.parse(["--format", "json", "--"])[format] == "json")
    #expect(throws: UsageError(.unexpectedArgument("--format"))) {
      try options.parse(["--", "--format"])
    }
  }

  @Test(arguments: [
    ("a\nb", "'a\\nb'"), ("\u{1B}[31m", "'\\u{1b}[31m'"), ("tab\there", "'tab\\there'"),
    (String(repeating: "x", count: 100), "'" + String(repeating: "x", count: 40) + "…'"),
    ("\u{202E}evil", "'\\u{202e}evil'"),
  ])
  func valuesAreEscapedAndCutInMessages(value: String, quoted: String) {
    #expect(UsageError.quoted(value) == quoted)
  }

  @Test func anOptionNameIsNotTakenAsAValue() {
    #expect(throws: UsageError(.missingValue(option: "format"))) {
      try options.parse(["--format", "--preview", "profile"])
    }
  }

  @Test func exclusiveOptionsCannotBeGivenTogetherButEitherAlone() throws {
    let exclusive = CommandLineOptions(
      command: "demo", summary: "A demo.", options: options.options,
      exclusive: [["format", "preview"]])
    #expect(throws: UsageError(.notTogether(options: ["format", "preview"]))) {
      try exclusive.parse(["--preview", "profile", "--format", "json"])
    }
    #expect(try exclusive.parse(["--preview", "profile"])[format] == "text")
    #expect(try exclusive.parse(["--format", "json"])[preview] == nil)
  }

  /// An option that goes with a flag is refused alone, taken with it, and shown inside the
  /// flag's brackets: `exerciseN`'s `--format` and `--step` go with `--trace`.
  @Test func anOptionThatGoesWithAFlagIsRefusedWithoutIt() throws {
    let trace = FlagOption(name: "trace", help: "print the trace")
    let check = CommandLineOptions(
      command: "exercise4", summary: "Checks.",
      options: [
        ValueOption(name: "lang", values: ["en", "ko"], defaultValue: nil, help: "language"),
        format.requiring(trace),
      ],
      flags: [trace])
    #expect(throws: UsageError(.needs(option: "format", flag: "trace"))) {
      try check.parse(["--format", "json"])
    }
    #expect(
      UsageError(.needs(option: "format", flag: "trace")).description
        == "'--format' goes with --trace")
    #expect(try check.parse(["--trace", "--format=json"])[format] == "json")
    // Its default alone is no reason to refuse.
    #expect(try check.parse(["--lang", "ko"])[format] == "text")
    #expect(
      check.usage.hasPrefix(
        "usage: exercise4 [--lang en|ko] [--trace [--format text|json]]"))
    #expect(check.usage.contains("format, with --trace (default: text)"))
  }

  @Test func usageListsEveryOptionAndItsValues() {
    #expect(options.usage.hasPrefix("usage: demo [--format text|json] [--preview profile]\n"))
    #expect(options.usage.contains("(default: text)"))
  }
}
