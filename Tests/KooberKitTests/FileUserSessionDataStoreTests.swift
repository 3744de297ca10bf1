import Foundation
import ObjectTrace
import Synchronization
import Testing

@testable import KooberKit

@MainActor
@Suite struct FileUserSessionDataStoreTests {
  private let folder: URL
  private let warnings = WarningLog()

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("koober-tests-\(UUID().uuidString)", isDirectory: true)
  }

  private var fileURL: URL { folder.appendingPathComponent("sessions/user_session.plist") }

  private func makeStore() -> FileUserSessionDataStore {
    let warnings = self.warnings
    return FileUserSessionDataStore(
      userSessionCoder: UserSessionPropertyListCoder(), fileURL: fileURL,
      warn: { message in warnings.lines.withLock { $0.append(message) } })
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
  ])
  func unreadableFileMeansSignedOutWithOneWarning(name: String, contents: Data) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    try contents.write(to: fileURL)
    #expect(try makeStore().readUserSession() == nil)
    let seen = warnings.lines.withLock { $0 }
    #expect(seen.count == 1)
    #expect(seen.first?.contains("\n") == false)
    #expect(seen.first?.hasPrefix("warning: \(fileURL.path) does not hold a saved session") == true)
  }

  @Test func truncatedFileMeansSignedOut() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = makeStore()
    try store.save(userSession: makeSession())
    let data = try Data(contentsOf: fileURL)
    try data.prefix(data.count / 2).write(to: fileURL)
    #expect(try store.readUserSession() == nil)
    #expect(warnings.lines.withLock { $0.count } == 1)
    // The user's file is not deleted by reading it.
    #expect(FileManager.default.fileExists(atPath: fileURL.path))
  }

  @Test func defaultLocationIsDocumentedAndOverridable() {
    let url = FileUserSessionDataStore.defaultFileURL
    if let path = ProcessInfo.processInfo.environment["KOOBER_USER_SESSION_FILE"], !path.isEmpty {
      #expect(url.path == path)
    } else {
      #expect(url.path.hasSuffix("koober-di-workbook/user_session.plist"))
    }
  }
}

/// The warnings a store printed, collected instead of going to standard error.
final class WarningLog: Sendable {
  let lines = Mutex<[String]>([])
}
