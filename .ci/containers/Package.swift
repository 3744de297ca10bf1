// swift-tools-version: 6.0
// The tracer on containers nobody here wrote: Swinject 2.10.0 and swift-dependencies 1.17.1, as
// their users meet them (issue trackers' most-filed questions: an object alive after logout or a
// scope reset, a closure that keeps its container, a model that keeps its overrides). A package
// of its own that CI builds and tests (`.ci/run`): the workbook itself keeps no dependency.
import PackageDescription

let package = Package(
  name: "ContainersProof",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "KooberDIWorkbook", path: "../.."),
    .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
  ],
  targets: [
    .testTarget(
      name: "ContainersProofTests",
      dependencies: [
        .product(name: "ObjectTraceTesting", package: "KooberDIWorkbook"),
        .product(name: "Swinject", package: "Swinject"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
