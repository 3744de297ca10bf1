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

/// Keeps the session in a file, for builds with `USER_SESSION_DATASTORE_FILEBASED`.
///
/// The file is ``defaultFileURL`` unless the initializer is given another, and
/// `KOOBER_USER_SESSION_FILE` overrides the default. Writes are atomic (a temporary file in the
/// same folder, then a rename) and owner-only (`0600`). A file that is empty, truncated or not a
/// session means "signed out": the store prints one warning line to standard error and reads
/// `nil`; it never crashes.
@MainActor
public final class FileUserSessionDataStore: UserSessionDataStore {
  let lifetime = Lifetime(of: FileUserSessionDataStore.self)
  let userSessionCoder: any UserSessionCoding
  /// Where the session is kept.
  public let fileURL: URL
  private let warn: @Sendable (String) -> Void

  /// `$KOOBER_USER_SESSION_FILE`, or `koober-di-workbook/user_session.plist` in the temporary
  /// directory.
  public static var defaultFileURL: URL {
    if let path = ProcessInfo.processInfo.environment["KOOBER_USER_SESSION_FILE"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return FileManager.default.temporaryDirectory
      .appendingPathComponent("koober-di-workbook", isDirectory: true)
      .appendingPathComponent("user_session.plist")
  }

  /// Creates a store that keeps the session at `fileURL`.
  /// - Parameter warn: where the one-line warning about an unreadable file goes.
  public init(
    userSessionCoder: any UserSessionCoding, fileURL: URL = FileUserSessionDataStore.defaultFileURL,
    warn: @escaping @Sendable (String) -> Void = FileUserSessionDataStore.warnOnStandardError
  ) {
    self.userSessionCoder = userSessionCoder
    self.fileURL = fileURL
    self.warn = warn
  }

  /// Writes `message` and a newline to standard error.
  public static let warnOnStandardError: @Sendable (String) -> Void = { message in
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }

  public func readUserSession() throws -> UserSession? {
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch let error as CocoaError
      where error.code == .fileReadNoSuchFile || error.code == .fileNoSuchFile
    {
      return nil
    } catch {
      throw KooberError.dataStore("cannot read \(fileURL.path)")
    }
    do {
      return try userSessionCoder.decode(data: data)
    } catch {
      warn("warning: \(fileURL.path) does not hold a saved session; starting signed out")
      return nil
    }
  }

  public func save(userSession: UserSession) throws {
    let data = try userSessionCoder.encode(userSession: userSession)
    try writeAtomically(data)
  }

  public func delete(userSession: UserSession) throws {
    do {
      try FileManager.default.removeItem(at: fileURL)
    } catch let error as CocoaError where error.code == .fileNoSuchFile {
      return
    } catch {
      throw KooberError.dataStore("cannot delete \(fileURL.path)")
    }
  }

  /// Writes to a new owner-only file beside the target, then renames it over the target, so a
  /// reader sees the old session or the new one, never half of one.
  private func writeAtomically(_ data: Data) throws {
    let folder = fileURL.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw KooberError.dataStore("cannot create \(folder.path)")
    }
    let temporaryPath = folder.appendingPathComponent(".\(fileURL.lastPathComponent).tmp").path
    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0, fchmod(descriptor, 0o600) == 0 else {
      if descriptor >= 0 { close(descriptor) }
      throw KooberError.dataStore("cannot write \(temporaryPath)")
    }
    let written = data.withUnsafeBytes { bytes in
      bytes.baseAddress.map { write(descriptor, $0, bytes.count) } ?? 0
    }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written == data.count, synced, rename(temporaryPath, fileURL.path) == 0 else {
      unlink(temporaryPath)
      throw KooberError.dataStore("cannot write \(fileURL.path)")
    }
  }
}
