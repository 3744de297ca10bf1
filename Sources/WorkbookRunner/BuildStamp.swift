import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the checker knows of the last build it made of a product: the fingerprint of the source
/// files it was built from and the binary file it left. The checker runs a binary only when its
/// stamp matches the files on disk now.
///
/// The Swift driver decides that a source file is unchanged when its modification time equals
/// the one it recorded, and it records that time at a one-second grain: a file rewritten with
/// the same size within the second of the last build is not compiled again, and the binary
/// still holds the previous answer. A stamp compares contents instead: the object file of each
/// file that differs from what the binary was built from is removed, so that the driver
/// compiles it (and what depends on it); without a stamp for this binary, every file is.
struct BuildStamp: Equatable, Sendable {
  /// A fingerprint of each of the product's source files, by its path from the sources' folder.
  var sources: [String: String]
  /// The binary's size, modification time and file number: any link changes one of them.
  var binary: String

  /// A fingerprint of every `.swift` file under `folder`, subfolders included, as SwiftPM
  /// compiles them: FNV-1a over each file's bytes, by its path from `folder`.
  static func sources(in folder: URL) -> [String: String] {
    var fingerprints: [String: String] = [:]
    let walker = FileManager.default.enumerator(atPath: folder.path)
    while let relative = walker?.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      let bytes = (try? Data(contentsOf: folder.appendingPathComponent(relative))) ?? Data()
      fingerprints[relative] = String(Workspace.fnv1a(bytes), radix: 16)
    }
    return fingerprints
  }

  /// The binary at `url` as a stamp names it, or `nil` when there is none.
  static func identity(ofBinary url: URL) -> String? {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    return "\(info.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(info.st_ino)"
  }

  /// The stamp recorded for `product` in `workspace`, if any: the binary on the first line, then
  /// a file's fingerprint and path on each line.
  static func recorded(for product: String, in workspace: Workspace) -> BuildStamp? {
    guard let text = try? String(contentsOf: url(for: product, in: workspace), encoding: .utf8)
    else { return nil }
    var lines = text.split(separator: "\n")
    guard !lines.isEmpty else { return nil }
    let binary = String(lines.removeFirst())
    var sources: [String: String] = [:]
    for line in lines {
      let parts = line.split(separator: " ", maxSplits: 1)
      guard parts.count == 2 else { return nil }
      sources[String(parts[1])] = String(parts[0])
    }
    return BuildStamp(sources: sources, binary: binary)
  }

  /// Records this stamp for `product`, written whole or not at all.
  func record(for product: String, in workspace: Workspace) {
    let url = Self.url(for: product, in: workspace)
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let files = sources.keys.sorted().map { "\(sources[$0] ?? "") \($0)" }
    try? Data(([binary] + files).joined(separator: "\n").utf8 + [0x0A]).write(
      to: url, options: .atomic)
  }

  /// Removes the stamp and the compiled files of `product` (its object files and the driver's
  /// record of the last build), so that its next build compiles every one of its source files.
  /// SwiftPM's own files in that folder stay: it writes them once per plan.
  static func forget(_ product: String, in workspace: Workspace) {
    try? FileManager.default.removeItem(at: url(for: product, in: workspace))
    let folder = workspace.buildFolder.appendingPathComponent("\(product).build")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where compiledSuffixes.contains(where: name.hasSuffix) {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
  }

  /// Removes the stamp and the object files of `files` (paths from the sources' folder) of
  /// `product`: the driver compiles a file whose object is missing, and what depends on it,
  /// whatever its modification time says.
  static func forget(_ files: some Sequence<String>, of product: String, in workspace: Workspace) {
    try? FileManager.default.removeItem(at: url(for: product, in: workspace))
    let folder = workspace.buildFolder.appendingPathComponent("\(product).build")
    for file in files {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(file + ".o"))
    }
  }

  /// The files of a module's build folder that a compile writes.
  static let compiledSuffixes = [".o", ".priors", ".swiftdeps"]

  /// Where the stamp of `product` lives: in the build folder, so that removing the build
  /// removes the stamps too.
  static func url(for product: String, in workspace: Workspace) -> URL {
    workspace.url(".build/workbook-stamps/\(product)")
  }
}
