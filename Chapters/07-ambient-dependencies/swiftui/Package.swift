// swift-tools-version: 6.0
import PackageDescription

// Chapter 7's SwiftUI environment, beside the ambient values: a package of its own, so that the
// workbook's `swift test` never compiles SwiftUI code. Where SwiftUI exists (a Mac with Xcode),
// `swift build` here compiles it; elsewhere the module builds empty.
let package = Package(
  name: "KooberEnvironment",
  platforms: [.macOS(.v14), .iOS(.v17)],
  targets: [.target(name: "KooberEnvironment")],
  swiftLanguageModes: [.v6]
)
