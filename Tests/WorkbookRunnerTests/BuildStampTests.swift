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

    /// Rewrites both files in place, with the same sizes as every other version.
    func write(version: Int) throws {
      for (name, constant) in [("First", "first"), ("Second", "second")] {
        try Data("let \(constant) = \(version)\n".utf8).write(
          to: root.appendingPathComponent("probe/\(name).swift"))
      }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  /// Rewrites both files of a small package with alternating versions, each within the second
  /// of the build before — as an editor's "save all" after `workbook reset` does — and builds
  /// after each. The Swift driver takes such a file as unchanged (it compares modification
  /// times at a one-second grain), so a plain `swift build` runs the previous version about
  /// every other time.
  @Test(.timeLimit(.minutes(3)))
  func aBinaryIsAlwaysBuiltFromTheFilesOnDiskNow() throws {
    let probe = try ProbePackage()
    defer { probe.remove() }
    let build = ExerciseBuild(workspace: Workspace(root: probe.root))
    var printed: [String] = []
    for version in [1, 2, 1, 2, 1, 2, 1, 2, 1, 2] {
      try probe.write(version: version)
      let result = try build.buildFresh("probe", from: "probe")
      try #require(result.status == 0, "\(result.output)\(result.errors)")
      let run = try Subprocess.run(
        [probe.root.appendingPathComponent(".build/debug/probe").path], in: probe.root,
        limit: 30)
      printed.append(run.output)
    }
    #expect(printed == [1, 2, 1, 2, 1, 2, 1, 2, 1, 2].map { "\($0) \($0)\n" })
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

  /// SwiftPM leaves an empty `TemporaryDirectory.*` (a `.keep-directory` in it) in the
  /// temporary folder at every build: a build of the checker's removes the new ones that hold
  /// nothing else, and nothing that was there before or holds anything. (In a private folder:
  /// the system's is shared with every other test's build.)
  @Test func aBuildsLeftoverFoldersAreRemovedAndNothingElse() throws {
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("koober-leftovers-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: temporary) }
    func folder(_ name: String, holding files: [String]) throws {
      let url = temporary.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      for file in files { try Data().write(to: url.appendingPathComponent(file)) }
    }
    try folder("TemporaryDirectory.old", holding: [".keep-directory"])
    try folder("TemporaryDirectory.left", holding: [".keep-directory"])
    try folder("TemporaryDirectory.busy", holding: [".keep-directory", "lock"])
    try folder("mine", holding: [".keep-directory"])
    try Data().write(to: temporary.appendingPathComponent("TemporaryDirectory.file"))
    ExerciseBuild.removeLeftovers(in: temporary, except: ["TemporaryDirectory.old"])
    let kept = try FileManager.default.contentsOfDirectory(atPath: temporary.path).sorted()
    #expect(
      kept == [
        "TemporaryDirectory.busy", "TemporaryDirectory.file", "TemporaryDirectory.old", "mine",
      ])
  }
}
