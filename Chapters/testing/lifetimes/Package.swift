// swift-tools-version: 6.0
// The lesson's app, a package of its own that uses the workbook's tracer as yours would: its test
// target depends on ObjectTraceTesting, here by the path to the workbook three folders up.
// `swift test` in this folder fails on purpose, twice: the lesson explains both failures.
import PackageDescription

let package = Package(
  name: "Bookshelf",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "KooberDIWorkbook", path: "../../..")],
  targets: [
    .target(name: "Bookshelf"),
    .testTarget(
      name: "BookshelfTests",
      dependencies: [
        "Bookshelf", .product(name: "ObjectTraceTesting", package: "KooberDIWorkbook"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
