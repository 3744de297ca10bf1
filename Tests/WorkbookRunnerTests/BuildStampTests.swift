import Foundation
import Testing

@testable import WorkbookRunner

/// The checker runs a binary only when it was built from the files on disk now.
@Suite struct BuildStampTests {
  /// A package of one small executable, `probe`, that prints the versions its two files hold.
  struct ProbePackage {
    let root: URL

    init() throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "workbook-probe-\(UUID().uuidString)")
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("probe"), withIntermediateDirectories: true)
      try """
      // swift-tools-version: 6.0
      import PackageDescription
      let package = Package(name: "probe", targets: [.executableTarget(name: "probe", path: "probe")])

      """.write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
      try "print(first, second)\n".write(
        to: root.appendingPathComponent("probe/main.swift"), atomically: true, encoding: .utf8)
    }

    /// Rewrites both files in place, with the same sizes as every other version, and dates
    /// each within the second of the version before, as an editor's "save all" made within that
    /// second does: another moment, the same second.
    func write(version: Int) throws {
      for (name, constant) in [("First", "first"), ("Second", "second")] {
        let file = root.appendingPathComponent("probe/\(name).swift")
        let before =
          try? FileManager.default.attributesOfItem(atPath: file.path)[
            .modificationDate] as? Date
        try Data("let \(constant) = \(version)\n".utf8).write(to: file)
        guard let before = before?.timeIntervalSince1970 else { continue }
        let second = before.rounded(.down)
        let sameSecond = Date(timeIntervalSince1970: second + (before - second < 0.5 ? 0.75 : 0.25))
        try FileManager.default.setAttributes(
          [.modificationDate: sameSecond], ofItemAtPath: file.path)
      }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  /// Rewrites both files of a small package with alternating versions, each dated within the
  /// second of the version before — as an editor's "save all" after `workbook reset` does — and
  /// builds after each. The Swift driver takes such a file as unchanged (it compares modification
  /// times at a one-second grain), so a plain `swift build` runs the previous version every
  /// time after the first.
  @Test(.timeLimit(.minutes(3)))
  func aBinaryIsAlwaysBuiltFromTheFilesOnDiskNow() throws {
    let probe = try ProbePackage()
    defer { probe.remove() }
    let build = ExerciseBuild(workspace: Workspace(root: probe.root))
    var printed: [String] = []
    for version in [1, 2, 1] {
      try probe.write(version: version)
      let result = try build.buildFresh("probe", from: "probe")
      try #require(result.status == 0, "\(result.output)\(result.errors)")
      let run = try Subprocess.run(
        [probe.root.appendingPathComponent(".build/debug/probe").path], in: probe.root,
        limit: 30)
      printed.append(run.output)
    }
    #expect(printed == ["1 1\n", "2 2\n", "1 1\n"])
  }

  @Test func aStampNamesTheSourcesAndTheBinaryItWasMadeFrom() throws {
    let probe = try ProbePackage()
    defer { probe.remove() }
    let workspace = Workspace(root: probe.root)
    #expect(BuildStamp.recorded(for: "probe", in: workspace) == nil)
    let stamp = BuildStamp(
      sources: ["main.swift": "00ff", "Sub/First.swift": "1a"], binary: "12 3.4 5")
    stamp.record(for: "probe", in: workspace)
    #expect(BuildStamp.recorded(for: "probe", in: workspace) == stamp)
    BuildStamp.forget("probe", in: workspace)
    #expect(BuildStamp.recorded(for: "probe", in: workspace) == nil)
  }

  /// A check removes nothing it did not make: another process's build makes an empty
  /// `TemporaryDirectory.*` (a `.keep-directory` in it) in the system's temporary folder while
  /// the check builds, and fills it a moment later; the check leaves it there. (A stand-in
  /// `swift`, named by `WORKBOOK_SWIFT`, plants the folder during the build, as that other build
  /// would.)
  @Test func aCheckLeavesAnotherBuildsTemporaryFolderAlone() throws {
    let scratch = try ScratchWorkbook()
    defer { scratch.remove() }
    let planted = FileManager.default.temporaryDirectory
      .appendingPathComponent("TemporaryDirectory.planted-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: planted) }
    let swift = scratch.url("planting-swift")
    let ran = scratch.url("planting-swift-ran")
    try """
    #!/bin/sh
    : > "\(ran.path)"
    mkdir -p "\(planted.path)" && : > "\(planted.path)/.keep-directory"
    echo 'error: no build in this test' >&2
    exit 1

    """.write(to: swift, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
    let run = try scratch.run("check", "1", environment: ["WORKBOOK_SWIFT": swift.path])
    #expect(run.status == 1)
    // The stand-in ran, so the folder was planted while the check built.
    try #require(
      FileManager.default.fileExists(atPath: ran.path),
      "the check did not run the build it was given: \(run.standardOutput)")
    let left = try? FileManager.default.contentsOfDirectory(atPath: planted.path)
    #expect(left == [".keep-directory"], "another build's folder must be left as it was")
  }
}
