import Foundation
import ObjectTrace
import Synchronization
import Testing

@testable import KooberKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@MainActor
@Suite struct FileUserSessionDataStoreTests {
  private let folder: URL
  private let warnings = WarningLog()
  /// The reporter every store of a test reports to: what it says goes to ``warnings``.
  private let reporter: DataStoreReporter

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("koober-tests-\(UUID().uuidString)", isDirectory: true)
    let warnings = self.warnings
    reporter = DataStoreReporter { message in warnings.lines.withLock { $0.append(message) } }
  }

  private var fileURL: URL { folder.appendingPathComponent("sessions/user_session.plist") }

  private func makeStore() -> FileUserSessionDataStore {
    FileUserSessionDataStore(
      userSessionCoder: UserSessionPropertyListCoder(), fileURL: fileURL, reporter: reporter)
  }

  private func makeSession(token: String = "t-1") -> UserSession {
    UserSession(
      profile: UserProfile(name: "N", nickname: "n", email: "e@x", mobileNumber: "1"),
      remoteSession: RemoteUserSession(token: Secret(token)))
  }

  @Test func savedSessionReadsBack() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = makeStore()
    #expect(try store.readUserSession() == nil)  // no file: signed out
    try store.save(userSession: makeSession(token: "abc"))
    let read = try #require(try makeStore().readUserSession())
    #expect(read.profile.email == "e@x")
    #expect(read.remoteSession.token.revealed == "abc")
  }

  @Test func fileIsOwnerOnlyAndNoTemporaryFileIsLeft() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeStore().save(userSession: makeSession())
    let attributes = try FileManager.default.attributesOfItem(atPath: fileURL.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let names = try FileManager.default.contentsOfDirectory(
      atPath: fileURL.deletingLastPathComponent().path)
    #expect(names == ["user_session.plist"])
  }

  @Test func savingReplacesTheWholeFile() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = makeStore()
    try store.save(userSession: makeSession(token: "first-token-that-is-long"))
    try store.save(userSession: makeSession(token: "b"))
    #expect(try store.readUserSession()?.remoteSession.token.revealed == "b")
  }

  @Test func deleteSignsOutAndDeletingTwiceIsFine() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = makeStore()
    let session = makeSession()
    try store.save(userSession: session)
    try store.delete(userSession: session)
    #expect(try store.readUserSession() == nil)
    try store.delete(userSession: session)
  }

  @Test(arguments: [
    ("empty", Data()),
    ("garbage", Data("not a property list".utf8)),
    ("someone's notes", Data("my shopping list: eggs, milk\n".utf8)),
  ])
  func aFileThatIsNotASessionIsKeptAsideWithOneWarning(name: String, contents: Data) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeFolder()
    try contents.write(to: fileURL)
    #expect(try makeStore().readUserSession() == nil)
    let seen = warnings.lines.withLock { $0 }
    #expect(seen.count == 1)
    #expect(seen.first?.contains("\n") == false)
    #expect(
      seen.first == "warning: \(fileURL.path) does not hold a saved session; kept it as "
        + "\(fileURL.path).corrupt and starting signed out")
    #expect(try Data(contentsOf: aside(1)) == contents)  // nothing the user had is lost
    #expect(reporter.failures == 0)  // a warning: the store went on
  }

  /// The story gives its run a reporter; a store the composition makes meanwhile, as the book
  /// makes it, reports there, so a chapter's exit status counts its own run's failures.
  @Test func aStoreMadeWhileAReporterIsCurrentReportsToIt() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeFolder()
    try FileManager.default.createSymbolicLink(
      at: fileURL, withDestinationURL: folder.appendingPathComponent("elsewhere"))
    let store = DataStoreReporter.$current.withValue(reporter) {
      FileUserSessionDataStore(userSessionCoder: UserSessionPropertyListCoder(), fileURL: fileURL)
    }
    #expect(throws: KooberError.self) { try store.readUserSession() }
    #expect(reporter.failures == 1)
    #expect(warnings.lines.withLock { $0 }.first?.hasPrefix("error: cannot read ") == true)
  }

  @Test func truncatedFileMeansSignedOutAndIsKept() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = makeStore()
    try store.save(userSession: makeSession())
    let data = try Data(contentsOf: fileURL)
    try data.prefix(data.count / 2).write(to: fileURL)
    #expect(try store.readUserSession() == nil)
    #expect(warnings.lines.withLock { $0.count } == 1)
    #expect(try Data(contentsOf: aside(1)) == data.prefix(data.count / 2))
  }

  @Test func savingOverSomeonesNotesKeepsThemAsideFirst() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeFolder()
    try Data("notes".utf8).write(to: fileURL)
    try Data("older notes".utf8).write(to: aside(1))
    try makeStore().save(userSession: makeSession(token: "new"))
    #expect(try makeStore().readUserSession()?.remoteSession.token.revealed == "new")
    #expect(try Data(contentsOf: aside(1)) == Data("older notes".utf8))
    #expect(try Data(contentsOf: aside(2)) == Data("notes".utf8))
  }

  // MARK: - A shared machine

  @Test func aSymlinkAtTheSessionPathIsNeverWrittenThrough() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeFolder()
    let victim = folder.appendingPathComponent("victim.txt")
    try Data("precious".utf8).write(to: victim)
    try FileManager.default.createSymbolicLink(at: fileURL, withDestinationURL: victim)
    let store = makeStore()
    #expect(throws: KooberError.self) { try store.save(userSession: makeSession()) }
    #expect(throws: KooberError.self) { try store.readUserSession() }
    #expect(try Data(contentsOf: victim) == Data("precious".utf8))
    let lines = warnings.lines.withLock { $0 }
    #expect(
      lines.first == "error: cannot write \(fileURL.path): refused, it is a symbolic link")
    #expect(lines.last == "error: cannot read \(fileURL.path): refused, it is a symbolic link")
    #expect(reporter.failures == 2)
  }

  @Test func aLinkOrFIFOPlantedAtTheTemporaryNameIsNeverFollowed() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeFolder()
    let victim = folder.appendingPathComponent("victim.txt")
    try Data("precious".utf8).write(to: victim)
    let sessions = fileURL.deletingLastPathComponent()
    // Someone guessed the next temporary names: a link to the victim, then a FIFO.
    try FileManager.default.createSymbolicLink(
      at: sessions.appendingPathComponent("guessed-1.tmp"), withDestinationURL: victim)
    #expect(mkfifo(sessions.appendingPathComponent("guessed-2.tmp").path, 0o600) == 0)
    let store = makeStore()
    var names = ["guessed-1.tmp", "guessed-2.tmp", "fresh.tmp"][...]
    store.makeTemporaryName = { names.popFirst() ?? "spare.tmp" }
    try store.save(userSession: makeSession(token: "mine"))  // skips both, returns at once
    #expect(try makeStore().readUserSession()?.remoteSession.token.revealed == "mine")
    #expect(try Data(contentsOf: victim) == Data("precious".utf8))
    #expect(try kind(sessions.appendingPathComponent("guessed-1.tmp")) == S_IFLNK)
    #expect(try kind(sessions.appendingPathComponent("guessed-2.tmp")) == S_IFIFO)
    #expect(names.isEmpty)  // the store did try the guessed names, and refused them
  }

  @Test func aFIFOAtTheSessionPathNeitherHangsNorIsReplaced() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeFolder()
    #expect(mkfifo(fileURL.path, 0o600) == 0)
    let store = makeStore()
    #expect(throws: KooberError.self) { try store.readUserSession() }  // returns at once
    #expect(throws: KooberError.self) { try store.save(userSession: makeSession()) }
    #expect(try kind(fileURL) == S_IFIFO)
    #expect(
      warnings.lines.withLock { $0 }.first
        == "error: cannot read \(fileURL.path): refused, it is a FIFO")
  }

  @Test func aFolderAtTheSessionPathIsNotReplaced() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: fileURL, withIntermediateDirectories: true)
    #expect(throws: KooberError.self) { try makeStore().save(userSession: makeSession()) }
    #expect(try kind(fileURL) == S_IFDIR)
  }

  /// A device node needs root to make; elsewhere the other cases cover the same code path.
  @Test(.enabled(if: geteuid() == 0)) func aDeviceNodeAtTheSessionPathIsNotReplaced() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeFolder()
    #expect(mknod(fileURL.path, S_IFCHR | 0o600, (1 << 8) | 3) == 0)  // 1:3, like /dev/null
    #expect(throws: KooberError.self) { try makeStore().save(userSession: makeSession()) }
    #expect(throws: KooberError.self) { try makeStore().readUserSession() }
    #expect(try kind(fileURL) == S_IFCHR)
  }

  @Test func theFolderIsCreatedOwnerOnly() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeStore().save(userSession: makeSession())
    var status = stat()
    #expect(lstat(fileURL.deletingLastPathComponent().path, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o700)
  }

  @Test func aFolderOthersCanWriteIsRefusedAndItsSessionNotAccepted() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = makeStore()
    try store.save(userSession: makeSession(token: "planted"))
    #expect(chmod(fileURL.deletingLastPathComponent().path, 0o777) == 0)
    #expect(throws: KooberError.self) { try store.readUserSession() }
    #expect(throws: KooberError.self) { try store.save(userSession: makeSession()) }
    #expect(
      warnings.lines.withLock { $0 }.first?.hasSuffix(
        "refused, other users can write to its folder \(fileURL.deletingLastPathComponent().path) "
          + "(mode 777)") == true)
  }

  /// The other user is simulated: as root, the test gives the folder to a uid nobody has.
  @Test(.enabled(if: geteuid() == 0)) func aFolderOfAnotherUserIsRefused() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = makeStore()
    try store.save(userSession: makeSession(token: "planted"))
    #expect(chown(fileURL.deletingLastPathComponent().path, 54_321, 54_321) == 0)
    #expect(throws: KooberError.self) { try store.readUserSession() }
    #expect(
      warnings.lines.withLock { $0 }.first?.contains("belongs to another user (uid 54321)") == true)
  }

  @Test func aSymlinkedFolderIsRefused() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let real = folder.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    #expect(chmod(real.path, 0o700) == 0)
    try FileManager.default.createSymbolicLink(
      at: fileURL.deletingLastPathComponent(), withDestinationURL: real)
    #expect(throws: KooberError.self) { try makeStore().save(userSession: makeSession()) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).isEmpty)
  }

  @Test func aFailureSaysWhetherItWasAReadOrAWriteAndNamesThePath() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeFolder()
    #expect(mkfifo(fileURL.path, 0o600) == 0)
    do {
      _ = try makeStore().readUserSession()
      Issue.record("a FIFO was read as a session")
    } catch let error as KooberError {
      #expect(
        error.message == "Saved session: cannot read \(fileURL.path): refused, it is a FIFO")
    }
  }

  // MARK: - Helpers

  private func makeFolder() throws {
    try FileManager.default.createDirectory(
      at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
  }

  private func aside(_ number: Int) -> URL {
    URL(fileURLWithPath: fileURL.path + (number == 1 ? ".corrupt" : ".corrupt-\(number)"))
  }

  private func kind(_ url: URL) throws -> mode_t {
    var status = stat()
    guard lstat(url.path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
    return status.st_mode & S_IFMT
  }

  @Test func defaultLocationIsDocumentedAndOverridable() {
    let url = FileUserSessionDataStore.defaultFileURL
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["KOOBER_USER_SESSION_FILE"], !path.isEmpty {
      #expect(url.path == path)
    } else {
      #expect(url.path.hasSuffix("/koober-di-workbook/user_session.plist"))
      // Private to the user: under their home or state folder, never the shared temp folder.
      #expect(!url.path.hasPrefix(FileManager.default.temporaryDirectory.path))
    }
  }

  /// `$XDG_STATE_HOME` places the session only when it is an absolute path; otherwise it goes
  /// under the home folder, never under the folder a learner happens to be in.
  @Test func aRelativeStateFolderIsIgnored() {
    let place = { (environment: [String: String]) in
      FileUserSessionDataStore.defaultFileURL(in: environment).path
    }
    let underHome = "/home/h/.local/state/koober-di-workbook/user_session.plist"
    #expect(place(["HOME": "/home/h"]) == underHome)
    #expect(place(["HOME": "/home/h", "XDG_STATE_HOME": "state"]) == underHome)
    #expect(place(["HOME": "/home/h", "XDG_STATE_HOME": ""]) == underHome)
    #expect(
      place(["HOME": "/home/h", "XDG_STATE_HOME": "/s"])
        == "/s/koober-di-workbook/user_session.plist")
    #expect(
      place(["KOOBER_USER_SESSION_FILE": "/x/s.plist", "XDG_STATE_HOME": "/s"]) == "/x/s.plist")
  }

  /// Signing out deletes a saved session, and nothing else: someone's notes at the session's path
  /// stay as they were.
  @Test func signingOutLeavesAFileThatIsNotASessionAlone() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeFolder()
    try Data("notes".utf8).write(to: fileURL)
    #expect(throws: KooberError.self) { try makeStore().delete(userSession: makeSession()) }
    #expect(try Data(contentsOf: fileURL) == Data("notes".utf8))
  }

  /// On a shared machine a classmate in the same group could plant a session: a folder its group
  /// can write is refused like one everyone can.
  @Test func aFolderItsGroupCanWriteIsRefused() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = makeStore()
    try store.save(userSession: makeSession(token: "planted"))
    #expect(chmod(fileURL.deletingLastPathComponent().path, 0o770) == 0)
    #expect(throws: KooberError.self) { try store.readUserSession() }
    #expect(
      warnings.lines.withLock { $0 }.first?.hasSuffix(
        "refused, other users can write to its folder \(fileURL.deletingLastPathComponent().path) "
          + "(mode 770)") == true)
  }
}

/// The warnings a store printed, collected instead of going to standard error.
final class WarningLog: Sendable {
  let lines = Mutex<[String]>([])
}
