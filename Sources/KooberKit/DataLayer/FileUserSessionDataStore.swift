import ObjectTrace

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps the session in a file, for builds with `USER_SESSION_DATASTORE_FILEBASED` — safely on a
/// machine shared with other users.
///
/// - Where: ``defaultFileURL``, private to the user (`$XDG_STATE_HOME` or `~/.local/state`), or
///   `KOOBER_USER_SESSION_FILE`.
/// - The folder is created `0700`, and refused when it is a symbolic link, belongs to another
///   user or can be written by others — for reading as well as writing, so a session planted
///   there is never accepted.
/// - A write goes to a new temporary file (exclusive create, unique name, links not followed),
///   is synced, then renamed over the session file.
/// - Nothing at the path that is not a regular session file is ever replaced: a link, a FIFO, a
///   device or a folder is refused; a regular file that is not a session (corrupt, or someone's
///   notes) is moved aside, kept, and the warning says where.
/// - Every failure says whether it was a read or a write and names the path. It goes to the
///   store's ``DataStoreReporter`` (the story's, by default), which counts it; the chapter
///   command turns a count above zero into a non-zero exit status. The story itself goes on.
@MainActor
public final class FileUserSessionDataStore: UserSessionDataStore {
  let lifetime = Lifetime(of: FileUserSessionDataStore.self)
  let userSessionCoder: any UserSessionCoding
  /// Where the session is kept.
  public let fileURL: URL
  private let reporter: DataStoreReporter
  /// Makes the next temporary file's name in the folder; random by default (tests choose).
  var makeTemporaryName: () -> String = {
    ".user_session.\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
  }

  /// The largest file read as a session; anything larger is not one.
  static let largestSession = 1 << 20

  /// `$KOOBER_USER_SESSION_FILE`; otherwise `koober-di-workbook/user_session.plist` in
  /// `$XDG_STATE_HOME`, or in `~/.local/state` — a folder only the user can reach.
  public static var defaultFileURL: URL { defaultFileURL(in: ProcessInfo.processInfo.environment) }

  /// ``defaultFileURL`` as `environment` places it. A relative `$XDG_STATE_HOME` is ignored, as
  /// the XDG specification says: the session never lands under whatever folder is current.
  static func defaultFileURL(in environment: [String: String]) -> URL {
    if let path = environment["KOOBER_USER_SESSION_FILE"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    let state: URL
    if let folder = environment["XDG_STATE_HOME"], folder.hasPrefix("/") {
      state = URL(fileURLWithPath: folder, isDirectory: true)
    } else {
      state = URL(fileURLWithPath: environment["HOME"] ?? homeFolder(), isDirectory: true)
        .appendingPathComponent(".local/state", isDirectory: true)
    }
    return state.appendingPathComponent("koober-di-workbook", isDirectory: true)
      .appendingPathComponent("user_session.plist")
  }

  /// The user's home folder from the password database, for when `HOME` is not set.
  private static func homeFolder() -> String {
    guard let entry = getpwuid(geteuid()), let folder = entry.pointee.pw_dir else { return "/" }
    return String(cString: folder)
  }

  /// Creates a store that keeps the session at `fileURL`.
  /// - Parameter reporter: where the one-line warnings and failures go, and are counted: the
  ///   story's, when the store is made while a story plays.
  public init(
    userSessionCoder: any UserSessionCoding, fileURL: URL = FileUserSessionDataStore.defaultFileURL,
    reporter: DataStoreReporter = .current
  ) {
    self.userSessionCoder = userSessionCoder
    self.fileURL = fileURL
    self.reporter = reporter
  }

  // MARK: - The data store

  public func readUserSession() throws -> UserSession? {
    do {
      guard try checkedFolder(creating: false) else { return nil }
      guard let (bytes, identity) = try readRegularFileAndIdentity() else { return nil }
      if let session = decoded(bytes) { return session }
      let aside = try moveAside(identity)
      reporter.warning(
        "\(path) does not hold a saved session; kept it as \(aside) and starting signed out")
      return nil
    } catch {
      throw fail(error, reading: true)
    }
  }

  public func save(userSession: UserSession) throws {
    do {
      let data = try userSessionCoder.encode(userSession: userSession)
      _ = try checkedFolder(creating: true)
      try makeRoomForSession()
      try writeAtomically(Array(data))
    } catch let failure as Failure {
      throw fail(failure, reading: false)
    }
  }

  public func delete(userSession: UserSession) throws {
    do {
      guard try checkedFolder(creating: false), let status = try status(of: path) else { return }
      guard isRegularFile(status) else { throw Failure.refused(path, kind(of: status)) }
      guard let bytes = try readRegularFile(), decoded(bytes) != nil else {
        throw Failure.refused(path, "not a saved session; it was left as it is")
      }
      guard unlink(path) == 0 || errno == ENOENT else { throw Failure.system(path, errno) }
    } catch let failure as Failure {
      throw fail(failure, reading: false)
    }
  }

  /// Which file something is, whatever its name: its device and inode.
  struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// The identity `status` gives. `dev_t` is a signed 32-bit number on Darwin and an unsigned
    /// 64-bit one on Linux: its bits are kept as they are, a negative device number included.
    init(_ status: stat) {
      device = UInt64(truncatingIfNeeded: status.st_dev)
      inode = UInt64(status.st_ino)
    }
  }

  // MARK: - Failures

  /// What went wrong, before it is said as a read or a write failure.
  enum Failure: Error {
    /// A system call on `path` failed with `errno`.
    case system(String, Int32)
    /// `path` is not something the store may use, and why.
    case refused(String, String)
  }

  private func fail(_ failure: Failure, reading: Bool) -> KooberError {
    let what = reading ? "cannot read" : "cannot write"
    let reason =
      switch failure {
      case .system(let path, let code): "\(what) \(path): \(String(cString: strerror(code)))"
      case .refused(let path, let why): "\(what) \(path): refused, \(why)"
      }
    reporter.failure(reason)
    return KooberError.dataStore(reason)
  }

  // MARK: - The folder

  private var path: String { fileURL.path }
  private var folder: String { fileURL.deletingLastPathComponent().path }

  /// Whether the folder exists and is safe: the user's own, not a link, writable by no one else.
  /// With `creating`, a missing folder is created `0700` first.
  private func checkedFolder(creating: Bool) throws(Failure) -> Bool {
    var status = try status(of: folder)
    if status == nil {
      guard creating else { return false }
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw Failure.refused(path, "its folder \(folder) cannot be created")
      }
      status = try self.status(of: folder)
    }
    guard let status else { throw Failure.refused(path, "its folder \(folder) vanished") }
    if (status.st_mode & S_IFMT) == S_IFLNK {
      throw Failure.refused(path, "its folder \(folder) is a symbolic link")
    }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      throw Failure.refused(path, "\(folder) is not a folder")
    }
    guard status.st_uid == geteuid() else {
      throw Failure.refused(
        path, "its folder \(folder) belongs to another user (uid \(status.st_uid))")
    }
    guard status.st_mode & 0o022 == 0 else {
      let mode = String(status.st_mode & 0o777, radix: 8)
      throw Failure.refused(path, "other users can write to its folder \(folder) (mode \(mode))")
    }
    return true
  }

  /// `lstat` of `path`, or `nil` when nothing is there.
  private func status(of path: String) throws(Failure) -> stat? {
    var status = stat()
    if lstat(path, &status) == 0 { return status }
    if errno == ENOENT { return nil }
    throw Failure.system(path, errno)
  }

  private func isRegularFile(_ status: stat) -> Bool { (status.st_mode & S_IFMT) == S_IFREG }

  private func kind(of status: stat) -> String {
    switch status.st_mode & S_IFMT {
    case S_IFLNK: "it is a symbolic link"
    case S_IFDIR: "it is a folder"
    case S_IFIFO: "it is a FIFO"
    case S_IFCHR, S_IFBLK: "it is a device"
    case S_IFSOCK: "it is a socket"
    default: "it is not a regular file"
    }
  }

  // MARK: - Reading

  /// The session file's bytes, or `nil` when there is none; anything but a regular file is
  /// refused without being opened for long (no FIFO can make this wait).
  private func readRegularFile() throws(Failure) -> [UInt8]? {
    try readRegularFileAndIdentity()?.bytes
  }

  /// The session file's bytes and which file they came from (device, inode).
  private func readRegularFileAndIdentity() throws(Failure) -> (
    bytes: [UInt8], identity: FileIdentity
  )? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      if errno == ELOOP { throw Failure.refused(path, "it is a symbolic link") }
      throw Failure.system(path, errno)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Failure.system(path, errno) }
    guard isRegularFile(status) else { throw Failure.refused(path, kind(of: status)) }
    let identity = FileIdentity(status)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while bytes.count <= Self.largestSession {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw Failure.system(path, errno) }
      if count == 0 { break }
      bytes += chunk.prefix(count)
    }
    return (bytes, identity)
  }

  private func decoded(_ bytes: [UInt8]) -> UserSession? {
    guard bytes.count <= Self.largestSession else { return nil }
    return try? userSessionCoder.decode(data: Data(bytes))
  }

  // MARK: - Writing

  /// Before a write: refuses anything at the path that is not a regular file, and moves a
  /// regular file that is not a session aside (kept).
  private func makeRoomForSession() throws(Failure) {
    guard let status = try status(of: path) else { return }
    guard isRegularFile(status) else { throw Failure.refused(path, kind(of: status)) }
    guard let (bytes, identity) = try readRegularFileAndIdentity() else { return }
    if decoded(bytes) != nil { return }
    let aside = try moveAside(identity)
    reporter.warning("\(path) did not hold a saved session; kept it as \(aside)")
  }

  /// Moves the file at the path to the first free `….corrupt`, `….corrupt-2`, … name, never
  /// over anything (a hard link, which fails when the name is taken, then an unlink).
  private func moveAside(_ identity: FileIdentity) throws(Failure) -> String {
    for number in 1...100 {
      let aside = path + (number == 1 ? ".corrupt" : ".corrupt-\(number)")
      if link(path, aside) == 0 {
        // Only the file that was read goes aside: if another run replaced it meanwhile, the new
        // file stays where it is.
        var linked = stat()
        guard lstat(aside, &linked) == 0,
          FileIdentity(linked) == identity
        else {
          unlink(aside)
          throw Failure.refused(path, "it changed while it was being read; try again")
        }
        guard unlink(path) == 0 else { throw Failure.system(path, errno) }
        return aside
      }
      guard errno == EEXIST else { throw Failure.system(aside, errno) }
    }
    throw Failure.refused(path, "a hundred copies are already kept beside it")
  }

  /// Writes `bytes` to a new owner-only file beside the session file, syncs it, then renames it
  /// over the session file: a reader sees the old session or the new one, never half of one.
  private func writeAtomically(_ bytes: [UInt8]) throws(Failure) {
    var temporary = ""
    var descriptor: Int32 = -1
    for _ in 0..<16 where descriptor < 0 {
      temporary = "\(folder)/\(makeTemporaryName())"
      descriptor = open(
        temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, S_IRUSR | S_IWUSR)
      if descriptor < 0, errno != EEXIST { throw Failure.system(temporary, errno) }
    }
    guard descriptor >= 0 else { throw Failure.refused(temporary, "no free temporary name") }
    // Each failing call's errno is kept right after it, so the message names the real cause.
    var failure: Int32 = 0
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress.map { $0 + written }, bytes.count - written)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        failure = count < 0 ? errno : ENOSPC
        break
      }
      written += count
    }
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    close(descriptor)
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    guard failure == 0 else {
      unlink(temporary)
      throw Failure.system(path, failure)
    }
  }
}
