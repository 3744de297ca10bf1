// swift-tools-version: 6.0
// The walk's cost per object against a bare Mirror walk, for `.ci/bench --walk`: built in release
// beside a link named koober-di-workbook to the workbook's checkout, as a learner's package is.
import PackageDescription

let package = Package(
  name: "WalkBench",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "../koober-di-workbook")],
  targets: [
    .executableTarget(
      name: "walkbench",
      dependencies: [.product(name: "ObjectTrace", package: "koober-di-workbook")])
  ],
  swiftLanguageModes: [.v6]
)
