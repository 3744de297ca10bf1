// swift-tools-version: 6.0
import PackageDescription

/// Compile-time choice of the session data store, exactly as the book does it:
/// build with `-Xswiftc -DUSER_SESSION_DATASTORE_FILEBASED` to use the file store.
let chapters: [(number: Int, module: String)] = [
  (1, "Chapter1OnDemand"),
  (2, "Chapter2Factories"),
  (3, "Chapter3SingleContainer"),
  (4, "Chapter4ContainerHierarchy"),
  (5, "Chapter5ProtocolDI"),
]

let package = Package(
  name: "KooberDIWorkbook",
  platforms: [.macOS(.v15)],
  products: chapters.map {
    .executable(name: "chapter\($0.number)", targets: ["chapter\($0.number)"])
  },
  targets: [
    .target(name: "ObjectTrace"),
    .target(name: "KooberKit", dependencies: ["ObjectTrace"]),
    // Only chapter 5 talks HTTP: the networking stack stays out of chapters 1-4.
    .target(name: "KooberCloud", dependencies: ["KooberKit", "ObjectTrace"]),
    .target(name: "KooberStory", dependencies: ["KooberKit", "ObjectTrace"]),
    .testTarget(name: "ObjectTraceTests", dependencies: ["ObjectTrace"]),
    .testTarget(name: "KooberKitTests", dependencies: ["KooberKit", "ObjectTrace"]),
    .testTarget(name: "KooberCloudTests", dependencies: ["KooberCloud", "KooberKit", "ObjectTrace"]),
    .testTarget(
      name: "KooberStoryTests",
      dependencies: ["KooberStory", "KooberKit", "KooberCloud", "ObjectTrace"]
        + chapters.map { .target(name: $0.module) }
        + chapters.map { .target(name: "chapter\($0.number)") }
    ),
  ]
    + chapters.flatMap { chapter -> [Target] in
      [
        .target(
          name: chapter.module,
          dependencies: ["KooberKit", "KooberStory", "ObjectTrace"]
            + (chapter.number == 5 ? ["KooberCloud"] : [])),
        .executableTarget(
          name: "chapter\(chapter.number)",
          dependencies: [.target(name: chapter.module), "KooberStory"]),
      ]
    },
  swiftLanguageModes: [.v6]
)
