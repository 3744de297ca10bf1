import Bilingual
import Foundation
import ObjectTrace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the workbook remembers between commands, in `.workbook/state.json` (git-ignored): each
/// exercise's last verdict, a fingerprint of the files it was given for, and how many hints
/// were shown.
public struct ProgressState: Codable, Equatable, Sendable {
  /// One exercise's progress.
  public struct Entry: Codable, Equatable, Sendable {
    /// The last check's status: `pass`, `fail`, `todo` or `compile-error`.
    public var status: String?
    /// The fingerprint of the learner's files at that check.
    public var fingerprint: String?
    /// Hints shown so far while the exercise was not passed: the hints the learner needed.
    public var hintsShown: Int = 0
    /// Hints read after a pass, out of curiosity: shown, never counted as needed. (Absent in
    /// older files.)
    public var hintsReadAfterPassing: Int?
    /// Whether the exercise was ever checked with files that were not its starter; a reset
    /// keeps it. (Absent in older files.)
    public var everChecked: Bool?

    /// The last check's status as the grader's type; `nil` when none was recorded (or the file
    /// holds a word this version does not know: the text stays as it was).
    public var verdict: CheckResult.Status? { status.flatMap(CheckResult.Status.init(rawValue:)) }

    /// Whether the learner has tried the exercise: checked their own files at least once, or
    /// passed it (which a starter never does).
    public var tried: Bool { everChecked == true || verdict == .pass }
  }

  /// The format's version.
  public var version = 1
  /// Exercise number (as text) → progress.
  public var exercises: [String: Entry] = [:]

  /// The entry of exercise `number`.
  public subscript(number: Int) -> Entry {
    get { exercises[String(number)] ?? Entry() }
    set { exercises[String(number)] = newValue }
  }
}

/// Reads and writes ``ProgressState`` safely: a state file that cannot be read is moved aside
/// (kept, never deleted) with a one-line warning and progress starts again; writes are atomic.
public struct ProgressStore: Sendable {
  /// The `.workbook` folder.
  public let folder: URL
  /// Where a warning line goes.
  public let warn: @Sendable (String) -> Void
  /// The language of the warnings.
  let texts: RunnerTexts

  /// A store in `workspace`'s `.workbook` folder, warning in English.
  public init(workspace: Workspace, warn: @escaping @Sendable (String) -> Void) {
    self.init(workspace: workspace, texts: .english, warn: warn)
  }

  /// A store in `workspace`'s `.workbook` folder, warning in the language of `texts`.
  init(workspace: Workspace, texts: RunnerTexts, warn: @escaping @Sendable (String) -> Void) {
    self.folder = workspace.url(".workbook")
    self.texts = texts
    self.warn = warn
  }

  static func cannotLock(_ path: String) -> WorkbookError {
    WorkbookError("cannot lock \(path)", ko: "\(path, .object) 잠글 수 없습니다")
  }

  /// The state file.
  public var file: URL { folder.appendingPathComponent("state.json") }

  /// The saved progress, or a fresh one.
  public func load() -> ProgressState {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else {
      return ProgressState()
    }
    if !isFolder.boolValue, let data = try? Data(contentsOf: file),
      let state = try? JSONDecoder().decode(ProgressState.self, from: data), state.version == 1
    {
      return state
    }
    let aside = freeName(file.path + ".corrupt")
    if (try? FileManager.default.moveItem(atPath: file.path, toPath: aside)) != nil {
      warn("\(texts.warning): " + texts.progressKeptAside(relative(file), relative(aside)))
    } else {
      warn("\(texts.warning): " + texts.progressNotRemembered(relative(file)))
    }
    return ProgressState()
  }

  /// Saves `state` atomically.
  public func save(_ state: ProgressState) throws(WorkbookError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try encoder.encode(state).write(to: file, options: .atomic)
    } catch {
      throw WorkbookError(
        "cannot save progress to \(relative(file))",
        ko: "진행 상황을 \(relative(file))에 저장할 수 없습니다")
    }
  }

  /// Loads, changes and saves the progress while holding `.workbook/state.lock`, so two
  /// workbook commands at once (a long `check --all` and a `hint`) never lose each other's
  /// change. Returns what `change` returns.
  public func update<Result>(_ change: (inout ProgressState) -> Result) throws(WorkbookError)
    -> Result
  {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw WorkbookError(
        "cannot create \(relative(folder.path))",
        ko: "\(relative(folder.path)) 폴더를 만들 수 없습니다")
    }
    let lockPath = folder.appendingPathComponent("state.lock").path
    let lock = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard lock >= 0 else { throw Self.cannotLock(relative(lockPath)) }
    defer { close(lock) }  // closing releases the lock
    while flock(lock, LOCK_EX) != 0 {
      guard errno == EINTR else { throw Self.cannotLock(relative(lockPath)) }
    }
    var state = load()
    let result = change(&state)
    try save(state)
    return result
  }

  /// `path`, or `path-2`, `path-3`, … : the first name nothing has yet.
  func freeName(_ path: String) -> String {
    var candidate = path
    var number = 1
    while FileManager.default.fileExists(atPath: candidate) {
      number += 1
      candidate = "\(path)-\(number)"
    }
    return candidate
  }

  private func relative(_ url: URL) -> String { relative(url.path) }

  private func relative(_ path: String) -> String {
    let root = folder.deletingLastPathComponent().path + "/"
    return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
  }
}
