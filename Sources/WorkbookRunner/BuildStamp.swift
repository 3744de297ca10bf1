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
/// still holds the previous answer. A stamp compares contents instead, and when they differ
/// from what the binary was built from, the product's compiled files are removed so that the
/// driver compiles every file of it.
struct BuildStamp: Equatable, Sendable {
  /// ``Workspace/fingerprint(_:)`` of the product's source files.
  var sources: String
  /// The binary's size, modification time and file number: any link changes one of them.
  var binary: String

  /// A fingerprint of every `.swift` file under `folder`, subfolders included, as SwiftPM
  /// compiles them: FNV-1a over each file's path from `folder` and its bytes, in path order.
  static func sources(in folder: URL) -> String {
    var paths: [String] = []
    let walker = FileManager.default.enumerator(atPath: folder.path)
    while let relative = walker?.nextObject() as? String {
      if relative.hasSuffix(".swift") { paths.append(relative) }
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for path in paths.sorted() {
      let bytes = (try? Data(contentsOf: folder.appendingPathComponent(path))) ?? Data()
      for byte in Array(path.utf8) + [0] + Array(bytes) + [0] {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
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

  /// The stamp recorded for `product` in `workspace`, if any.
  static func recorded(for product: String, in workspace: Workspace) -> BuildStamp? {
    guard let text = try? String(contentsOf: url(for: product, in: workspace), encoding: .utf8)
    else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 2 else { return nil }
    return BuildStamp(sources: String(lines[0]), binary: String(lines[1]))
  }

  /// Records this stamp for `product`, written whole or not at all.
  func record(for product: String, in workspace: Workspace) {
    let url = Self.url(for: product, in: workspace)
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? Data("\(sources)\n\(binary)\n".utf8).write(to: url, options: .atomic)
  }

  /// Removes the stamp and the compiled files of `product` (its object files and the driver's
  /// record of the last build), so that its next build compiles every one of its source files.
  /// SwiftPM's own files in that folder stay: it writes them once per plan.
  static func forget(_ product: String, in workspace: Workspace) {
    try? FileManager.default.removeItem(at: url(for: product, in: workspace))
    let folder = workspace.url(".build/debug/\(product).build")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where compiledSuffixes.contains(where: name.hasSuffix) {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
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
