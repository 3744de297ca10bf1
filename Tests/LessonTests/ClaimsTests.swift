import ChapterTestSupport
import Foundation
import KooberRules
import Testing

/// Every sentence of a lesson that says what a program prints, does or refuses is either a quoted
/// excerpt the tests compare with the program or a row of `Chapters/CLAIMS.md`, whose checks run
/// here against the sources, the goldens and the programs. When a behaviour changes, the row's
/// check fails before a reader meets the sentence; when a sentence changes, its row must be read
/// again; and a new sentence of that kind without a row fails `everyBehaviourSentenceHasARow`.
@Suite struct ClaimsTests {
  /// One row: the sentence in each language, named by a phrase of it, and its checks.
  struct Claim: Sendable, CustomTestStringConvertible {
    let english: Place
    let korean: Place
    let checks: [Check]
    var testDescription: String { "\(english.file): \(english.phrase)" }
  }

  /// A phrase of a lesson's sentence, with the sentence's lines joined by single spaces.
  struct Place: Sendable {
    let file: String
    let phrase: String
  }

  /// What proves a claim.
  enum Check: Sendable, CustomStringConvertible {
    /// Every file `path` names contains `text` (`expected`), or none does.
    case file(path: String, text: String, expected: Bool)
    /// The built `program`, run with `arguments`, prints `text` (`expected`) or does not.
    case run(program: String, arguments: [String], text: String, expected: Bool)
    /// The built `program`, run with `arguments`, exits with `status`.
    case exits(program: String, arguments: [String], status: Int32)
    /// A test of this package checks it.
    case test(suite: String, name: String)
    /// Not about these programs: the book, another library.
    case outside(why: String)

    /// The built program it runs, if it runs one.
    var program: String? {
      switch self {
      case .run(let program, _, _, _), .exits(let program, _, _): program
      case .file, .test, .outside: nil
      }
    }

    var description: String {
      switch self {
      case .file(let path, let text, let expected):
        "\(path) \(expected ? "has" : "lacks") \"\(text)\""
      case .run(let program, let arguments, let text, let expected):
        "run \(([program] + arguments).joined(separator: " ")) \(expected ? "has" : "lacks") "
          + "\"\(text)\""
      case .exits(let program, let arguments, let status):
        "run \(([program] + arguments).joined(separator: " ")) exits \(status)"
      case .test(let suite, let name): "test \(suite).\(name)"
      case .outside(let why): "outside \"\(why)\""
      }
    }
  }

  static let claimsFile = "Chapters/CLAIMS.md"

  static func text(_ path: String) throws -> String {
    try String(contentsOf: Chapters.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// `text` with every run of white space one space: a phrase is found across the lesson's
  /// line breaks.
  static func flattened(_ text: some StringProtocol) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  // MARK: - The claims file

  /// The rows of the claims file, and the lines that look like rows but do not parse.
  static let table: (claims: [Claim], malformed: [String]) = {
    guard let text = try? Self.text(claimsFile) else { return ([], ["\(claimsFile) is missing"]) }
    var claims: [Claim] = []
    var malformed: [String] = []
    for line in text.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
      let checks = cells.count == 3 ? cells[2].components(separatedBy: " · ").map(check) : []
      guard cells.count == 3, let english = place(cells[0]), let korean = place(cells[1]),
        !checks.isEmpty, checks.allSatisfy({ $0 != nil })
      else {
        malformed.append(String(line))
        continue
      }
      claims.append(Claim(english: english, korean: korean, checks: checks.compactMap { $0 }))
    }
    return (claims, malformed)
  }()

  static func place(_ cell: String) -> Place? {
    guard let match = cell.wholeMatch(of: /`([^`]+)` "([^"]+)"/) else { return nil }
    return Place(file: String(match.1), phrase: String(match.2))
  }

  static func check(_ text: String) -> Check? {
    if let match = text.wholeMatch(of: /run (\S+)((?: [^\s"]+)*?) (has|lacks) "([^"]*)"/) {
      return .run(
        program: String(match.1), arguments: match.2.split(separator: " ").map(String.init),
        text: String(match.4), expected: match.3 == "has")
    }
    if let match = text.wholeMatch(of: /run (\S+)((?: [^\s"]+)*?) exits (-?\d+)/),
      let status = Int32(match.3)
    {
      return .exits(
        program: String(match.1), arguments: match.2.split(separator: " ").map(String.init),
        status: status)
    }
    if let match = text.wholeMatch(of: /test (\w+)\.(\w+)/) {
      return .test(suite: String(match.1), name: String(match.2))
    }
    if let match = text.wholeMatch(of: /outside "([^"]+)"/) {
      return .outside(why: String(match.1))
    }
    if let match = text.wholeMatch(of: /(\S+) (has|lacks) "([^"]*)"/) {
      return .file(path: String(match.1), text: String(match.3), expected: match.2 == "has")
    }
    return nil
  }

  // MARK: - The sentences that say what a program does

  /// A name of something that runs: a program, a chapter, an exercise, a mistake, the trace.
  static var program: some RegexComponent {
    /(swift run \w+|`chapter\d+|\bchapters? \d+|\bchapter's|`exercise\d+|\bexercises? \d+|--mistake|`verify\(\)`|`check \d+`|golden|\btraces?\b)/
      .ignoresCase().wordBoundaryKind(.simple)
  }
  /// A word for what it does that a lesson has got wrong before: a finding, a refusal, a stop.
  static var behaviour: some RegexComponent {
    /\b(stale|captive|leak|weak|refuses?|refused|crash(es|ed)?|stops?|exits?)\b/
      .ignoresCase().wordBoundaryKind(.simple)
  }

  /// The sentences of a Markdown text that may say what a program does: prose sentences, list
  /// items and table rows, outside fenced blocks, headings, pictures and "See also" lists. A
  /// sentence that ends with a colon and introduces a fenced block is the quote's: the lesson
  /// tests compare the quote with the program.
  static func sentences(in markdown: String) -> [String] {
    let quote = "QUOTED-EXCERPT"
    let body = markdown.replacing(/```[\s\S]*?```/, with: "\n\n\(quote)\n\n")
    let paragraphs = body.split(separator: /\n\s*\n/).map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    var section = ""
    var found: [String] = []
    for (index, paragraph) in paragraphs.enumerated() {
      if paragraph.hasPrefix("#") {
        section = String(paragraph.prefix { $0 != "\n" })
        continue
      }
      if section.contains("See also") || paragraph == quote { continue }
      if paragraph.hasPrefix("|") {
        found += paragraph.split(separator: "\n").dropFirst(2).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        continue
      }
      if ["![", "<", ">"].contains(where: paragraph.hasPrefix) { continue }
      let introducesAQuote = index + 1 < paragraphs.count && paragraphs[index + 1] == quote
      let items = paragraph.split(separator: /\n(?=\s*(?:- |\d+\. ))/)
      for (itemIndex, item) in items.enumerated() {
        let flat = item.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
          .joined(separator: " ")
        var pieces: [String] = []
        var start = flat.startIndex
        for end in flat.matches(of: /[.!?]\s+(?=[A-Z`*(\[])/) {
          let cut = flat.index(after: end.range.lowerBound)
          pieces.append(String(flat[start..<cut]))
          start = end.range.upperBound
        }
        pieces.append(String(flat[start...]))
        for (pieceIndex, piece) in pieces.enumerated() {
          let last = itemIndex == items.count - 1 && pieceIndex == pieces.count - 1
          if last && introducesAQuote && piece.hasSuffix(":") { continue }
          found.append(piece)
        }
      }
    }
    return found
  }

  /// `sentence` names something that runs and says what it does.
  static func statesBehaviour(_ sentence: String) -> Bool {
    sentence.contains(program) && sentence.contains(behaviour)
  }

  /// The English lessons: the chapters' pages, tasks, hints and guides, the README, and the
  /// contributors' guide (it holds what the README's layout and CI sections said).
  static func englishLessons() throws -> [String] {
    let root = Chapters.packageRoot
    let chapters = root.appendingPathComponent("Chapters")
    let files = try #require(FileManager.default.enumerator(atPath: chapters.path))
    var lessons = ["README.md", "CONTRIBUTING.md"]
    for case let path as String in files
    where path.hasSuffix(".md") && !path.hasSuffix(".ko.md") && !path.contains("/solution/")
      && !path.contains("/exercise/") && !["CLAIMS.md", "GLOSSARY.md"].contains(path)
    {
      lessons.append("Chapters/" + path)
    }
    return lessons.sorted()
  }

  // MARK: - Tests

  @Test func everyRowOfTheClaimsFileParses() {
    #expect(Self.table.malformed.isEmpty, "\(Self.table.malformed.joined(separator: "\n"))")
    #expect(!Self.table.claims.isEmpty)
  }

  /// The phrase is in its lesson, in each language: a sentence rewritten is a row to read again.
  @Test(arguments: table.claims)
  func theSentenceIsInItsLessonInBothLanguages(_ claim: Claim) throws {
    for place in [claim.english, claim.korean] {
      let lesson = Self.flattened(try Self.text(place.file))
      #expect(lesson.contains(Self.flattened(place.phrase)), "\(place.file): \(place.phrase)")
    }
    #expect(claim.korean.file.hasSuffix(".ko.md"))
  }

  /// The exercise whose starter `check` reads (its program, or a file of its `exercise/`
  /// folder): the check holds only while the learner has not edited it.
  static func starter(readBy check: Check) -> Int? {
    if let program = check.program {
      return program.hasPrefix("exercise") ? Int(program.dropFirst("exercise".count)) : nil
    }
    guard case .file(let path, _, _) = check else { return nil }
    return Exercise.all.first { path.hasPrefix($0.folder + "/exercise/") }?.number
  }

  /// Each check of the row holds on the code on disk now; one that reads an exercise's starter,
  /// only while it is the starter, so a learner's own work never fails the workbook's tests.
  @Test(arguments: table.claims)
  func itsChecksHold(_ claim: Claim) throws {
    for check in claim.checks {
      if let exercise = Self.starter(readBy: check), !Chapters.exerciseIsStarter(exercise) {
        continue
      }
      switch check {
      case .file(let path, let text, let expected):
        let files = try Self.files(matching: path)
        #expect(!files.isEmpty, "\(path) names no file")
        for file in files {
          #expect(try Self.text(file).contains(text) == expected, "\(check) (in \(file))")
        }
      case .run(let program, let arguments, let text, let expected):
        let run = try ExecutableRun.shared(program, arguments)
        #expect(
          (run.standardOutput + run.standardError).contains(text) == expected, "\(check)")
      case .exits(let program, let arguments, let status):
        #expect(try ExecutableRun.shared(program, arguments).status == status, "\(check)")
      case .test(let suite, let name):
        #expect(Self.testExists(suite: suite, name: name), "\(check): no such test")
      case .outside(let why):
        #expect(!why.isEmpty)
      }
    }
  }

  /// Every sentence the detector finds in the English lessons holds a row's phrase.
  @Test func everyBehaviourSentenceHasARow() throws {
    var missing: [String] = []
    for lesson in try Self.englishLessons() {
      let phrases = Self.table.claims.filter { $0.english.file == lesson }
        .map { Self.flattened($0.english.phrase) }
      for sentence in Self.sentences(in: try Self.text(lesson))
      where Self.statesBehaviour(sentence) {
        let flat = Self.flattened(sentence)
        if !phrases.contains(where: flat.contains) {
          missing.append("\(lesson): \(sentence)")
        }
      }
    }
    #expect(
      missing.isEmpty,
      """
      these sentences say what a program does and \(Self.claimsFile) has no row for them:
      \(missing.joined(separator: "\n"))
      """)
  }

  /// CI's sanitizer runs build every program a row runs (the chapters and `workbook` always).
  @Test func theSanitizerRunsBuildEveryProgramARowRuns() throws {
    let script = try Self.text(".ci/run")
    let list = try #require(script.firstMatch(of: /tests_products=\(([^)]*)\)/)).1
    let built = Set(list.split(whereSeparator: \.isWhitespace).map(String.init))
    for claim in Self.table.claims {
      for program in claim.checks.compactMap(\.program) where !program.hasPrefix("chapter") {
        #expect(built.contains(program), "\(program) is run by \(claim) but not built by .ci/run")
      }
    }
  }

  /// The detector finds the four sentences that went false at 1053f63 when `verify()` changed
  /// what chapter 6 and exercise 10 do at launch, each as the lesson had it.
  @Test(arguments: [
    """
    No class in `KooberKit` stores a `weak` reference, and no chapter's trace shows a `(weak)`
    edge.
    """,
    "The chapters store no weak references, so no golden trace shows one.",
    """
    | 10 | `runtime-container` | `Chapters/06-runtime-container` | Chapter 6. A missing \
    registration crashes at `resolve` in `sign-up`. |
    """,
    """
    | 6 | [Runtime container](Chapters/06-runtime-container/README.md) | `swift run chapter6` \
    | `--mistake wrong-scope` gives stale and captive at sign-out |
    """,
  ])
  func theDetectorFindsTheSentencesThatWentFalse(_ paragraph: String) {
    let table = paragraph.hasPrefix("|") ? "| a | b |\n|---|---|\n" : ""
    #expect(Self.sentences(in: table + paragraph).contains(where: Self.statesBehaviour))
  }

  // MARK: - Helpers

  /// The package's files whose paths `pattern` matches: `*` within a folder, `**` across them.
  static func files(matching pattern: String) throws -> [String] {
    let literal = pattern.prefix { $0 != "*" }
    let folder = literal.lastIndex(of: "/").map { String(literal[..<$0]) } ?? ""
    if !pattern.contains("*") {
      let exists = FileManager.default.fileExists(
        atPath: Chapters.packageRoot.appendingPathComponent(pattern).path)
      return exists ? [pattern] : []
    }
    var expression = "^"
    var rest = Substring(pattern)
    while let first = rest.first {
      if rest.hasPrefix("**") {
        expression += ".*"
        rest = rest.dropFirst(2)
      } else if first == "*" {
        expression += "[^/]*"
        rest = rest.dropFirst()
      } else {
        expression += NSRegularExpression.escapedPattern(for: String(first))
        rest = rest.dropFirst()
      }
    }
    let regex = try Regex(expression + "$")
    let start = Chapters.packageRoot.appendingPathComponent(folder)
    let found = try #require(FileManager.default.enumerator(atPath: start.path))
    var matches: [String] = []
    for case let path as String in found {
      let relative = folder.isEmpty ? path : folder + "/" + path
      if relative.wholeMatch(of: regex) != nil { matches.append(relative) }
    }
    return matches.sorted()
  }

  /// The Swift files of `Tests/`, read once for every row that names a test.
  static let testSources: [String] = {
    let tests = Chapters.packageRoot.appendingPathComponent("Tests")
    let files = FileManager.default.enumerator(atPath: tests.path)?.allObjects as? [String] ?? []
    return files.filter { $0.hasSuffix(".swift") }.compactMap { try? text("Tests/" + $0) }
  }()

  /// A `@Test func name` in a file of `Tests/` that declares `struct suite`.
  static func testExists(suite: String, name: String) -> Bool {
    testSources.contains { $0.contains("struct \(suite)") && $0.contains("func \(name)(") }
  }
}
