import ChapterTestSupport
import Foundation
import Testing

/// What the README says a learner's package may do with the workbook's library products: add
/// them by version, on a toolchain the manifest names. Each test runs SwiftPM itself on packages
/// it makes in a temporary folder of its own, with SwiftPM's caches there too.
@Suite struct ManifestClaimsTests {
  static func text(_ name: String) throws -> String {
    try String(contentsOf: Chapters.packageRoot.appendingPathComponent(name), encoding: .utf8)
  }

  /// `swift ARGUMENTS` in `folder`, its caches in `scratch`, with CI's warnings-as-errors off
  /// unless `environment` turns it on.
  static func swift(
    _ arguments: [String], in folder: URL, scratch: URL, environment: [String: String] = [:]
  ) throws -> ExecutableRun {
    let caches = [
      "--scratch-path", scratch.appendingPathComponent("build").path,
      "--cache-path", scratch.appendingPathComponent("cache").path,
      "--config-path", scratch.appendingPathComponent("config").path,
      "--security-path", scratch.appendingPathComponent("security").path,
      "--manifest-cache", "none",
    ]
    return try ExecutableRun(
      command: ["swift"] + arguments.prefix(1) + caches + arguments.dropFirst(), in: folder,
      environment: ["KOOBER_WARNINGS_AS_ERRORS": "0"].merging(environment) { $1 })
  }

  /// A temporary folder of the test's own, removed whole at the end.
  static func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("koober-manifest-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
  }

  static func write(_ text: String, to file: URL) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
  }

  static func git(_ arguments: [String], in folder: URL) throws {
    let run = try ExecutableRun(
      command: ["git", "-c", "user.name=Koober", "-c", "user.email=koober@example.com"]
        + arguments, in: folder)
    try #require(run.status == 0, "git \(arguments.joined(separator: " ")): \(run.standardError)")
  }

  /// The manifest asks for the newest Swift a product needs, and no newer: the trait attaches its
  /// pictures with `Attachment`, which Swift Testing made public in 6.2, and the tests are exit
  /// tests, also new in 6.2. An older toolchain stops at the manifest with one line, not deep
  /// inside a build. The README's table says so, in both languages.
  @Test func theToolsVersionIsTheNewestSwiftAProductNeeds() throws {
    let manifest = try Self.text("Package.swift")
    let toolsVersion = try #require(manifest.firstMatch(of: /^\/\/ swift-tools-version: *(\S+)\n/))
    #expect(toolsVersion.1 == "6.2")
    let trait = try Self.text("Sources/ObjectTraceTesting/LifetimeTracking.swift")
    #expect(trait.contains("Attachment.record("))
    let exitTest = try Self.text("Tests/ChapterTests/Chapter7AmbientDependenciesTests.swift")
    #expect(exitTest.contains("processExitsWith:"))
    #expect(
      try Self.text("README.md").contains(
        "| Swift \(toolsVersion.1) or newer (the manifest's `swift-tools-version: \(toolsVersion.1)`)"
      ))
    #expect(
      try Self.text("README.ko.md").contains(
        "| Swift \(toolsVersion.1) 이상(매니페스트의 `swift-tools-version: \(toolsVersion.1)`)"))
  }

  /// SwiftPM refuses a dependency added by version whose product's targets carry unsafe flags,
  /// unless the dependency's manifest says tools version 6.2 or newer
  /// (`Sources/PackageLoading/PackageBuilder.swift:1036` at swift-6.2.3-RELEASE). This is why
  /// the workbook's manifest may give the trait's target `-F` on a Mac with the Command Line
  /// Tools alone and still be added by version.
  @Test(arguments: [("6.1", false), ("6.2", true)])
  func aVersionedDependencysUnsafeFlags(toolsVersion: String, accepted: Bool) throws {
    try Self.withFolder { folder in
      let library = folder.appendingPathComponent("stand-in")
      try Self.write(
        """
        // swift-tools-version: \(toolsVersion)
        import PackageDescription
        let package = Package(
          name: "StandIn", products: [.library(name: "StandIn", targets: ["StandIn"])],
          targets: [.target(name: "StandIn", swiftSettings: [.unsafeFlags(["-DSTAND_IN"])])])

        """, to: library.appendingPathComponent("Package.swift"))
      try Self.write(
        "public let standIn = 1\n",
        to: library.appendingPathComponent("Sources/StandIn/StandIn.swift"))
      try Self.git(["init", "-q"], in: library)
      try Self.git(["add", "-A"], in: library)
      try Self.git(["commit", "-q", "-m", "The stand-in"], in: library)
      try Self.git(["tag", "1.0.0"], in: library)
      let app = folder.appendingPathComponent("app")
      try Self.write(
        """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
          name: "App", dependencies: [.package(url: "\(library.absoluteString)", from: "1.0.0")],
          targets: [
            .target(name: "App", dependencies: [.product(name: "StandIn", package: "stand-in")])
          ])

        """, to: app.appendingPathComponent("Package.swift"))
      try Self.write(
        "import StandIn\n", to: app.appendingPathComponent("Sources/App/App.swift"))
      let run = try Self.swift(
        ["package", "show-dependencies"], in: app, scratch: folder.appendingPathComponent("swiftpm")
      )
      let refusal = "the target 'StandIn' in product 'StandIn' contains unsafe build flags"
      let printed = run.standardOutput + run.standardError
      #expect(printed.contains(refusal) == !accepted, "swift printed: \(printed)")
      #expect((run.status == 0) == accepted)
    }
  }

  /// SwiftPM compiles the manifest before anything else of a cold build, and before a fresh
  /// machine's first `swift run chapter1`: its expressions must type-check within a small budget
  /// of the constraint solver. The budget counts the solver's work (its scopes), not seconds, so a
  /// slow machine does not fail it. The manifest whose chapters' targets joined an array of names
  /// to a `map` inside `Package(…)` took 3.7 s to type-check, and exceeds it.
  @Test func theManifestTypeChecksWithinASmallSolverBudget() throws {
    let info = try ExecutableRun(command: ["swiftc", "-print-target-info"])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8)) as? [String: Any])
    let paths = try #require(json["paths"] as? [String: Any])
    let resources = try #require(paths["runtimeResourcePath"] as? String)
    let run = try ExecutableRun(
      command: [
        "swiftc", "-typecheck", "-swift-version", "6", "-package-description-version", "6.2",
        "-I", resources + "/pm/ManifestAPI", "-Xfrontend",
        "-solver-scope-threshold=\(Self.manifestSolverScopes)", "Package.swift",
      ], in: Chapters.packageRoot)
    #expect(run.status == 0, "swiftc printed: \(run.standardError)")
  }

  /// The solver scopes any one expression of the manifest may take: the manifest needs fewer than
  /// 1,000 today, and the one that took 3.7 s needed more than 100,000.
  static let manifestSolverScopes = 10_000

  /// Where it is not a Mac with the Command Line Tools alone, the library products' targets get
  /// no unsafe flags at all, with or without CI's warnings-as-errors: it is SwiftPM's own
  /// `treatAllWarnings` setting.
  @Test(arguments: ["0", "1"])
  func theLibraryProductsTargetsCarryNoUnsafeFlags(warningsAsErrors: String) throws {
    try Self.withFolder { folder in
      let run = try Self.swift(
        ["package", "dump-package"], in: Chapters.packageRoot, scratch: folder,
        environment: ["KOOBER_WARNINGS_AS_ERRORS": warningsAsErrors])
      try #require(run.status == 0, "swift printed: \(run.standardError)")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
      let products = try #require(json["products"] as? [[String: Any]])
      let libraries = products.filter { ($0["type"] as? [String: Any])?["library"] != nil }
        .compactMap { $0["targets"] as? [String] }.flatMap { $0 }
      #expect(libraries.sorted() == ["ObjectTrace", "ObjectTraceTesting", "TracePictures"])
      let targets = try #require(json["targets"] as? [[String: Any]])
      for target in targets where libraries.contains(target["name"] as? String ?? "") {
        let settings = target["settings"] as? [[String: Any]] ?? []
        let kinds = settings.compactMap { ($0["kind"] as? [String: Any])?.keys.first }
        #expect(!kinds.contains("unsafeFlags"), "\(target["name"] ?? "?"): \(kinds)")
        #expect(kinds.contains("treatAllWarnings") == (warningsAsErrors == "1"))
      }
    }
  }
}
