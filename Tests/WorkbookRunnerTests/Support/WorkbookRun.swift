import Foundation
import KooberRules
import WorkbookRunner

/// The built `workbook` run in a folder, with what it printed and its exit status.
struct WorkbookRun {
  let standardOutput: String
  let standardError: String
  let status: Int32

  /// Runs `workbook arguments` in `folder`.
  init(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws {
    let process = Process()
    process.executableURL = try Self.executable()
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    standardOutput = String(decoding: outputData, as: UTF8.self)
    standardError = String(decoding: errorData, as: UTF8.self)
    status = process.terminationStatus
  }

  /// The `workbook` executable `swift test` built beside the test bundle.
  static func executable() throws -> URL {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("workbook")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "workbook"])
  }
}

/// A throwaway copy of the workbook's manifest, `Chapters/` and `Sources/` — enough for every
/// command that does not build — so tests never touch a learner's files or progress.
struct ScratchWorkbook {
  let root: URL

  init() throws {
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "workbook-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: package.appendingPathComponent("Package.swift"),
      to: root.appendingPathComponent("Package.swift"))
    // Solutions link the chapter files they share, so the copy needs `Sources/` too.
    for folder in ["Chapters", "Sources"] {
      try FileManager.default.copyItem(
        at: package.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
    }
    // The copy holds the starters, whatever a learner has done to theirs.
    let workspace = Workspace(root: root)
    for exercise in Exercise.all {
      let folder = root.appendingPathComponent(exercise.exerciseFolder)
      try? FileManager.default.removeItem(at: folder)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (name, text) in try workspace.starterFiles(of: exercise) {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
      }
    }
  }

  func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

  func run(_ arguments: String..., environment: [String: String] = [:]) throws -> WorkbookRun {
    try WorkbookRun(arguments, in: root, environment: environment)
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}
