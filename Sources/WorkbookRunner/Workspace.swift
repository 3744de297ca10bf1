import Bilingual
import Foundation
import KooberRules
import ObjectTrace

/// The workbook's folder on disk: where the exercises, their solutions and the progress live.
public struct Workspace: Sendable {
  /// The package root (the folder with the workbook's `Package.swift`).
  public let root: URL

  /// The workspace at `root`.
  public init(root: URL) { self.root = root }

  /// What a folder holds when it is the workbook's root: the manifest and the runner's own
  /// sources beside it.
  static let markers = ["Package.swift", "Sources/WorkbookRunner/Workspace.swift"]

  /// The workbook's root found from `folder` or one of its parents: the nearest that holds
  /// every one of the ``markers``.
  public static func find(from folder: URL) throws(WorkbookError) -> Workspace {
    var candidate = folder.standardizedFileURL
    while true {
      let paths = markers.map { candidate.appendingPathComponent($0).path }
      if paths.allSatisfy(FileManager.default.fileExists(atPath:)) {
        return Workspace(root: candidate)
      }
      let parent = candidate.deletingLastPathComponent()
      if parent.path == candidate.path {
        throw WorkbookError(
          "not inside the Koober DI Workbook; run `swift run workbook` from its folder",
          ko: "Koober DI 워크북 폴더 안이 아닙니다. 워크북 폴더에서 `swift run workbook`을 "
            + "실행하세요")
      }
      candidate = parent
    }
  }

  /// `relative` under the root.
  public func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

  /// Where `swift build` puts the debug products: `.build/debug`, which SwiftPM makes on every
  /// platform (on a Mac, a link to the folder named for the target triple).
  var buildFolder: URL { url(".build/debug") }

  /// The built executable `product`, e.g. `exercise4`.
  func binary(_ product: String) -> URL { buildFolder.appendingPathComponent(product) }

  /// The `.swift` files directly in `folder` (relative to the root), sorted by name.
  public func swiftFiles(in folder: String) throws(WorkbookError) -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: url(folder).path)
    } catch {
      throw WorkbookError("cannot read \(folder)", ko: "\(folder, .object) 읽을 수 없습니다")
    }
    return names.filter { $0.hasSuffix(".swift") }.sorted()
  }

  /// The learner's files of `exercise`, by name.
  public func learnerFiles(of exercise: Exercise) throws(WorkbookError) -> [String: String] {
    guard FileManager.default.fileExists(atPath: url(exercise.exerciseFolder).path) else {
      throw WorkbookError(
        "\(exercise.exerciseFolder) is missing; `swift run workbook reset \(exercise.number)` "
          + "restores the starter",
        ko: "\(exercise.exerciseFolder) 폴더가 없습니다. "
          + "`swift run workbook reset \(exercise.number) --lang ko`로 시작 코드를 되살리세요")
    }
    return try files(in: exercise.exerciseFolder)
  }

  /// The solution's files of `exercise`, by name, markers included.
  public func solutionFiles(of exercise: Exercise) throws(WorkbookError) -> [String: String] {
    try files(in: exercise.solutionFolder)
  }

  /// The starter of `exercise`, generated from its solution. A solution file that is a link to a
  /// chapter's own file under `Sources/` begins, in the starter, with a line that says so and
  /// that the learner leaves it alone (``copiedFileHeader(of:)``); not in a bug hunt, whose bug
  /// the learner must find without being told where it is not.
  public func starterFiles(of exercise: Exercise) throws(WorkbookError) -> [String: String] {
    var starter: [String: String] = [:]
    for (name, text) in try solutionFiles(of: exercise) {
      do {
        starter[name] = header(of: name, in: exercise) + (try StarterGenerator.starter(from: text))
      } catch {
        throw WorkbookError(
          "\(exercise.solutionFolder)/\(name): \(error)",
          ko: "\(exercise.solutionFolder)/\(name): \(error)")
      }
    }
    return starter
  }

  /// The solution of `exercise` as the learner's files read once solved: without its markers,
  /// and with the starter's header on a chapter's own file.
  public func solvedFiles(of exercise: Exercise) throws(WorkbookError) -> [String: String] {
    try solutionFiles(of: exercise).reduce(into: [:]) { solved, file in
      solved[file.key] =
        header(of: file.key, in: exercise) + StarterGenerator.solution(from: file.value)
    }
  }

  /// The header the starter's file `name` of `exercise` begins with: none, unless it is a copy
  /// of a chapter's own file in an exercise that is not a bug hunt.
  func header(of name: String, in exercise: Exercise) -> String {
    guard !exercise.isBugHunt,
      let source = linkedSource(of: "\(exercise.solutionFolder)/\(name)")
    else { return "" }
    return Self.copiedFileHeader(of: source)
  }

  /// The first lines of a starter file copied from `source`, a chapter's file under `Sources/`.
  static func copiedFileHeader(of source: String) -> String {
    "// A copy of \(source), the chapter's own file:\n"
      + "// `workbook reset` writes it, and you do not edit it.\n"
  }

  /// The file under `Sources/` that `path` (from the root) is a symbolic link to, from the root;
  /// `nil` when it is a file of its own.
  func linkedSource(of path: String) -> String? {
    guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url(path).path),
      let start = target.range(of: "Sources/")
    else { return nil }
    return String(target[start.lowerBound...])
  }

  /// Whether `files` are the starter of `exercise`, untouched: checking them is not trying it.
  public func isStarter(_ files: [String: String], of exercise: Exercise) -> Bool {
    files == (try? starterFiles(of: exercise))
  }

  /// The marked solution files of `exercise` that its chapter module has too, by name, each with
  /// whether it is that chapter's file once solved (``StarterGenerator/chapterFile(from:)``).
  /// Empty when the exercise is not cut from a chapter.
  public func solutionFilesCutFromChapter(of exercise: Exercise) throws(WorkbookError)
    -> [String: Bool]
  {
    guard let chapter = exercise.chapterSources else { return [:] }
    var cut: [String: Bool] = [:]
    for (name, marked) in try solutionFiles(of: exercise)
    where marked.contains("// exercise: begin") {
      guard let chapterText = try? String(contentsOf: url("\(chapter)/\(name)"), encoding: .utf8)
      else { continue }
      cut[name] = chapterText == StarterGenerator.chapterFile(from: marked)
    }
    return cut
  }

  /// The `.swift` files directly in `folder` (relative to the root), by name.
  public func files(in folder: String) throws(WorkbookError) -> [String: String] {
    var files: [String: String] = [:]
    for name in try swiftFiles(in: folder) {
      guard let text = try? String(contentsOf: url("\(folder)/\(name)"), encoding: .utf8) else {
        throw WorkbookError(
          "cannot read \(folder)/\(name)", ko: "\("\(folder)/\(name)", .object) 읽을 수 없습니다")
      }
      files[name] = text
    }
    return files
  }

  /// A fingerprint of some files: FNV-1a over their names and contents, in name order.
  public static func fingerprint(_ files: [String: String]) -> String {
    var hash = fnv1aStart
    for name in files.keys.sorted() {
      hash = fnv1a(Array(name.utf8) + [0] + Array((files[name] ?? "").utf8) + [0], from: hash)
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// FNV-1a's starting value.
  static let fnv1aStart: UInt64 = 0xcbf2_9ce4_8422_2325

  /// `hash` carried on over `bytes` by FNV-1a (64 bits): a fingerprint, not a defence.
  static func fnv1a(_ bytes: some Sequence<UInt8>, from hash: UInt64 = fnv1aStart) -> UInt64 {
    bytes.reduce(hash) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }
}

/// Something the workbook cannot do, said in one line.
public struct WorkbookError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What went wrong, in both languages.
  public let message: Localized

  /// What went wrong, in English.
  public var description: String { message.en }

  /// Describes what went wrong, in English and in Korean.
  public init(_ description: String, ko korean: String) {
    message = Localized(en: description, ko: korean)
  }

  /// What went wrong, in `language`.
  public func text(in language: Language) -> String { message.text(in: language) }
}
