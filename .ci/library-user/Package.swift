// swift-tools-version: 6.0
// A package outside the workbook that uses its tracer as a learner's app would: CI copies it next
// to a link named koober-di-workbook to the workbook's checkout, and its test must fail naming
// the chain that keeps the session alive.
import PackageDescription

let package = Package(
  name: "Bookshelf",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "../koober-di-workbook")],
  targets: [
    .target(name: "Bookshelf"),
    .testTarget(
      name: "BookshelfTests",
      dependencies: [
        "Bookshelf", .product(name: "ObjectTraceTesting", package: "koober-di-workbook"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
