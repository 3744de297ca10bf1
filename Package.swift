// swift-tools-version: 6.2
import Foundation
import PackageDescription

// The session data store is chosen at compile time, as the book does it: build with
// `-Xswiftc -DUSER_SESSION_DATASTORE_FILEBASED` for the file store.

/// The chapters: each a composition module and a thin executable, `swift run chapterN`; `uses`
/// names what both need beyond every chapter's modules (chapter 5's server and the chapters'
/// own command-line options).
let chapters: [(number: Int, module: String, uses: [String])] = [
  (1, "Chapter1OnDemand", []),
  (2, "Chapter2Factories", []),
  (3, "Chapter3SingleContainer", []),
  (4, "Chapter4ContainerHierarchy", []),
  (5, "Chapter5ProtocolDI", ["CommandLineKit", "KooberCloud"]),
  (6, "Chapter6RuntimeContainer", ["Bilingual", "CommandLineKit"]),
  (7, "Chapter7AmbientDependencies", ["Bilingual", "CommandLineKit"]),
]

/// The classroom exercises: the learner's folder and the solution beside it, each an executable
/// that checks itself (`swift run workbook check N` builds and runs it). Exercises 9 and 11's
/// executables run the learner's own Swift Testing tests, and only when asked: `swift test` never
/// runs them, so a half-written test cannot make the workbook's tests fail.
let exercises: [(number: Int, folder: String)] = [
  (1, "Chapters/01-on-demand"),
  (2, "Chapters/02-factories"),
  (3, "Chapters/03-single-container"),
  (4, "Chapters/04-container-hierarchy"),
  (5, "Chapters/05-protocol-di"),
  (6, "Chapters/bug-hunts/exercise-06-captive-session"),
  (7, "Chapters/bug-hunts/exercise-07-two-main-view-models"),
  (8, "Chapters/bug-hunts/exercise-08-retain-cycle"),
  (9, "Chapters/testing/exercise-09-write-the-tests"),
  (10, "Chapters/06-runtime-container"),
  (11, "Chapters/testing/exercise-11-test-the-lifetimes"),
  (12, "Chapters/open/exercise-12-pick-me-up"),
  (13, "Chapters/open/exercise-13-pick-me-up-registrations"),
  (14, "Chapters/07-ambient-dependencies"),
  (15, "Chapters/after-init/exercise-15-set-after-init"),
  (16, "Chapters/testing/exercise-16-override-per-test"),
]
/// What each exercise needs beyond ``exerciseDependencies``: chapter 5's composition, exercise
/// 11's app and the tracer's Swift Testing trait, or exercise 16's chapter 7 and its trait.
let exerciseExtras: [Int: [Target.Dependency]] = [
  5: ["Chapter5ProtocolDI"], 9: ["LearnerTestRun"],
  11: ["LearnerTestRun", "Podcasts", "ObjectTraceTesting"],
  16: ["LearnerTestRun", "Chapter7AmbientDependencies", "AmbientTesting"],
]
/// The library products another package may depend on, each of one target of the same name: the
/// tracer (lifetimes, the walk, findings, retention paths, the trace), the trace drawn (text,
/// Mermaid, DOT, facts, timeline, SVG, the HTML explorer), and Swift Testing's side for test
/// targets only (the `.trackLifetimes` trait).
let libraries = ["ObjectTrace", "TracePictures", "ObjectTraceTesting"]

/// `names` as dependencies on targets or products of this package, each found by its name.
///
/// The manifest spells every such list out with types: SwiftPM compiles it before every cold
/// build, and an array literal of names joined to a `map` took the type checker seconds.
func byName(_ names: [String]) -> [Target.Dependency] {
  names.map { .byName(name: $0) }
}

let exerciseDependencies: [Target.Dependency] = [
  "Bilingual", "CommandLineKit", "KooberChapter", "KooberKit", "KooberRules", "KooberStory",
  "ObjectTrace", "TracePictures",
]

/// Each chapter's composition module and its thin executable.
let chapterTargets: [Target] = chapters.flatMap { chapter -> [Target] in
  let module: [String] = ["KooberChapter", "KooberKit", "ObjectTrace"] + chapter.uses
  let program: [String] = Set(["CommandLineKit", "KooberStory"] + chapter.uses).sorted()
  let composition: Target = .target(name: chapter.module, dependencies: byName(module))
  let executable: Target = .executableTarget(
    name: "chapter\(chapter.number)",
    dependencies: [.target(name: chapter.module)] + byName(program))
  return [composition, executable]
}

/// Each exercise's two executables: the learner's folder and the solution beside it.
let exerciseTargets: [Target] = exercises.flatMap { exercise -> [Target] in
  let dependencies: [Target.Dependency] =
    exerciseDependencies + (exerciseExtras[exercise.number] ?? [])
  let learners: Target = .executableTarget(
    name: "exercise\(exercise.number)", dependencies: dependencies,
    path: "\(exercise.folder)/exercise")
  let solution: Target = .executableTarget(
    name: "solution\(exercise.number)", dependencies: dependencies,
    path: "\(exercise.folder)/solution")
  return [learners, solution]
}

let package = Package(
  name: "KooberDIWorkbook",
  platforms: [.macOS(.v15)],
  products: libraries.map { .library(name: $0, targets: [$0]) }
    + chapters.map {
      .executable(name: "chapter\($0.number)", targets: ["chapter\($0.number)"])
    } + [.executable(name: "workbook", targets: ["workbook"])],
  targets: [
    .target(name: "ObjectTrace", dependencies: ["Bilingual"]),
    // A text in English and Korean, and the Korean particles: no dependencies, so code that only
    // words a message in both languages does not link the pictures (which re-export it).
    .target(name: "Bilingual"),
    .target(name: "TracePictures", dependencies: ["Bilingual", "ObjectTrace"]),
    .target(name: "ObjectTraceTesting", dependencies: ["ObjectTrace", "TracePictures"]),
    // The terminal and the command-line parser every executable shares.
    .target(name: "CommandLineKit"),
    .target(name: "KooberKit", dependencies: ["ObjectTrace"]),
    // Exercise 11's app, a podcast player: not Koober, and not traced by tokens.
    .target(name: "Podcasts"),
    // Only chapter 5 talks HTTP: the networking stack stays out of chapters 1-4.
    .target(name: "KooberCloud", dependencies: ["KooberKit", "ObjectTrace"]),
    // A chapter (a composition to play) and the story's steps: all a composition module needs
    // besides the domain, the tracer and what `uses` names, so the seven compositions build beside
    // the story and the pictures.
    .target(name: "KooberChapter", dependencies: ["KooberKit"]),
    .target(
      name: "KooberStory",
      dependencies: [
        "Bilingual", "CommandLineKit", "KooberChapter", "KooberKit", "ObjectTrace", "TracePictures",
      ]),
    // What an exercise's process needs to run and report: the channel to `workbook check`, its
    // events and the verdicts' format, the crash notice and `todo`.
    .target(
      name: "ExerciseRuntime",
      dependencies: ["Bilingual", "CommandLineKit", "KooberChapter", "KooberKit", "ObjectTrace"]),
    // Exercises 9, 11 and 16, where the learner writes the tests: the code under test and its planted
    // bugs, the command line, and the grading of a test run. No Swift Testing here: the runner
    // grades with it, and `workbook` must not link the testing library.
    .target(
      name: "TestWritingExercises",
      dependencies: [
        "Bilingual", "Chapter7AmbientDependencies", "CommandLineKit", "ExerciseRuntime",
        "KooberKit", "KooberStory", "ObjectTrace", "Podcasts",
      ]),
    // The one call into Swift Testing's entry point, for the test-writing exercises' programs.
    .target(
      name: "LearnerTestRun",
      dependencies: ["Bilingual", "Chapter7AmbientDependencies", "TestWritingExercises"]),
    // Chapter 7's Swift Testing trait, `.dependencies { … }`: values of its own for each test.
    // Chapter 7's tests use it, and so do exercise 16's.
    .target(name: "AmbientTesting", dependencies: ["Chapter7AmbientDependencies"]),
    // The rules a composition keeps, the exercise catalog, and the check that plays the story
    // and applies them; it re-exports ExerciseRuntime, so an exercise's `import KooberRules`
    // brings both.
    .target(
      name: "KooberRules",
      dependencies: [
        "Bilingual", "CommandLineKit", "ExerciseRuntime", "KooberKit", "KooberStory", "ObjectTrace",
        "Podcasts", "TestWritingExercises", "TracePictures",
      ]),
    .target(
      name: "WorkbookRunner",
      dependencies: [
        "Bilingual", "CommandLineKit", "KooberRules", "KooberStory", "ObjectTrace", "TracePictures",
      ]),
    .executableTarget(name: "workbook", dependencies: ["CommandLineKit", "WorkbookRunner"]),
    // Small traced types that the tracer's tests and the pictures' tests walk.
    .target(name: "TraceFixtures", dependencies: ["ObjectTrace"], path: "Tests/TraceFixtures"),
    .testTarget(
      name: "ObjectTraceTests", dependencies: ["ObjectTrace", "TracePictures", "TraceFixtures"]),
    .testTarget(
      name: "TracePicturesTests", dependencies: ["ObjectTrace", "TracePictures", "TraceFixtures"]),
    .testTarget(
      name: "ObjectTraceTestingTests", dependencies: ["ObjectTrace", "ObjectTraceTesting"]),
    .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
    .testTarget(
      name: "WorkbookRunnerTests",
      dependencies: [
        "ChapterTestSupport", "KooberRules", "KooberStory", "ObjectTrace", "TracePictures",
        "WorkbookRunner",
      ]),
    .testTarget(
      name: "KooberRulesTests",
      dependencies: [
        "ChapterTestSupport", "CommandLineKit", "ExerciseRuntime", "KooberRules", "KooberKit",
        "KooberStory", "ObjectTrace", "TestWritingExercises", "WorkbookRunner",
        "Chapter6RuntimeContainer", "TracePictures",
      ]),
    .testTarget(
      name: "ExerciseRuntimeTests",
      dependencies: ["Bilingual", "CommandLineKit", "ExerciseRuntime", "KooberStory"]),
    .testTarget(
      name: "TestWritingExercisesTests",
      dependencies: [
        "Bilingual", "ChapterTestSupport", "ExerciseRuntime", "KooberKit", "ObjectTrace",
        "TestWritingExercises",
      ]),
    .testTarget(name: "KooberKitTests", dependencies: ["KooberKit", "ObjectTrace"]),
    .testTarget(name: "PodcastsTests", dependencies: ["Podcasts"]),
    .testTarget(
      name: "KooberCloudTests", dependencies: ["KooberCloud", "KooberKit", "ObjectTrace"]),
    // What the tests that play the chapters or run the built executables share: the chapters by
    // number, their folders, a run of a built executable, and the toolchain the tests need.
    .target(
      name: "ChapterTestSupport",
      dependencies: ["CommandLineKit", "KooberRules", "KooberStory", "WorkbookRunner"]
        + chapters.map { .target(name: $0.module) },
      path: "Tests/ChapterTestSupport"),
    // Three test targets, not one, so that they compile side by side. Like `WorkbookRunnerTests`,
    // they run the built executables (`chapterN`, `workbook`) without depending on them:
    // `swift test` builds every product first, and a dependency would hold each compile until the
    // last link (.ci/PERFORMANCE.md).
    .testTarget(
      name: "ChapterTests",
      dependencies: [
        "AmbientTesting", "Bilingual", "ChapterTestSupport", "KooberStory", "KooberKit",
        "KooberCloud",
        "KooberRules", "ObjectTrace", "ObjectTraceTesting", "TracePictures",
      ]
        + chapters.map { .target(name: $0.module) }
    ),
    .testTarget(
      name: "ChapterOutputTests",
      dependencies: [
        "ChapterTestSupport", "CommandLineKit", "KooberStory", "KooberKit", "ObjectTrace",
        "WorkbookRunner",
        "Chapter5ProtocolDI", "Chapter6RuntimeContainer", "TracePictures",
      ]
    ),
    .testTarget(
      name: "LessonTests",
      dependencies: [
        "ChapterTestSupport", "KooberRules", "KooberStory", "ObjectTrace", "WorkbookRunner",
        "TracePictures",
      ]
    ),
  ]
    + chapterTargets + exerciseTargets,
  swiftLanguageModes: [.v6]
)

// MARK: - Compiler flags for every target

/// A test target's or an executable's files in one compile job, not one per core: every job
/// parses and type-checks all of its target's declarations before compiling its share, and these
/// targets already build side by side (the 32 exercise programs all at once), so a second job
/// mostly repeats that work. The libraries build one after another, where a second job is the
/// second core's only work, so they keep SwiftPM's default (.ci/PERFORMANCE.md has the
/// measurements).
let oneCompileJobPerTarget = ["-driver-batch-count", "1"]

/// Index the workbook's own code only. SwiftPM's debug builds index while building, system
/// modules included, and indexing Glibc and its peers first recompiles them from their
/// interfaces. Test discovery reads only the package's own index.
let everyTargetsFlags = ["-index-ignore-system-modules"]

/// The one target that indexes the system modules, early and once: the two targets SwiftPM
/// generates for `swift test` (discovery and the runner) get none of our flags and index what no
/// unit exists for yet, and they build last, alone. A small test target that builds mid-way
/// leaves them nothing to index. `swift run chapter1` does not build it.
let indexesSystemModules = "KooberCloudTests"

/// Zero warnings in CI. `KOOBER_WARNINGS_AS_ERRORS=1` (set by `.ci/run`) turns every warning into
/// an error. It lives in the manifest rather than on the command line so that
/// `swift build --build-tests` and the README's plain `swift test` have the same compiler flags,
/// and CI builds the package once for both. A learner's build never sets it: a new toolchain's
/// new warning must not stop `swift run chapter1`. It is SwiftPM's own setting, not a flag, so
/// the library products' targets get it too.
let warningsAreErrors = Context.environment["KOOBER_WARNINGS_AS_ERRORS"] == "1"

for target in package.targets {
  if warningsAreErrors {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
  }
  // The library products' targets build in a learner's package as they build here: they get
  // none of these flags (only `ObjectTraceTesting`, with the Command Line Tools alone: the `-F`
  // and rpaths below). SwiftPM 6.2 no longer refuses a dependency's unsafe flags when its
  // manifest says tools version 6.2 or newer (`PackageBuilder.swift:1036` at
  // swift-6.2.3-RELEASE, swift-package-manager#8951).
  guard !libraries.contains(target.name) else { continue }
  let flags = everyTargetsFlags.filter {
    $0 != "-index-ignore-system-modules" || target.name != indexesSystemModules
  }
  let jobs = [.test, .executable].contains(target.type) ? oneCompileJobPerTarget : []
  guard !(flags + jobs).isEmpty else { continue }
  target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(flags + jobs)]
}

// MARK: - Exercises 9 and 11's programs on macOS

/// Where this Mac keeps Swift Testing, as `-rpath` folders for exercises 9 and 11's programs, which
/// import Testing outside a test bundle; empty on other systems.
///
/// `swift test` finds the framework through the `DYLD_*` variables it sets. `swift run` sets none,
/// and SwiftPM 6.2 and 6.3 give an executable no rpath to it (their
/// `ProductBuildDescription.swift` adds only `@loader_path`), so without these `swift run
/// exercise9` stops at launch: "Library not loaded: @rpath/Testing.framework". Full Xcode keeps
/// it in the macOS platform's developer folder, the Command Line Tools in their own; the folders
/// of the selected developer folder come first, then Xcode's default place, then the tools'.
func testingLibraryFolders() -> (folders: [String], commandLineToolsOnly: Bool) {
  #if os(macOS)
    var developerFolders: [String] = []
    if let chosen = Context.environment["DEVELOPER_DIR"] {
      developerFolders.append(chosen.hasSuffix(".app") ? chosen + "/Contents/Developer" : chosen)
    }
    if let selected = try? FileManager.default.destinationOfSymbolicLink(
      atPath: "/var/db/xcode_select_link")
    {
      developerFolders.append(selected)
    }
    developerFolders += [
      "/Applications/Xcode.app/Contents/Developer", "/Library/Developer/CommandLineTools",
    ]
    // Full Xcode's layout, then the Command Line Tools'.
    let layouts = [
      (
        frameworks: "/Platforms/MacOSX.platform/Developer/Library/Frameworks",
        libraries: "/Platforms/MacOSX.platform/Developer/usr/lib", tools: false
      ),
      (
        frameworks: "/Library/Developer/Frameworks", libraries: "/Library/Developer/usr/lib",
        tools: true
      ),
    ]
    var folders: [String] = []
    var firstIsCommandLineTools: Bool?
    for developer in developerFolders {
      for layout in layouts
      where FileManager.default.fileExists(
        atPath: developer + layout.frameworks + "/Testing.framework")
      {
        firstIsCommandLineTools = firstIsCommandLineTools ?? layout.tools
        for folder in [developer + layout.frameworks, developer + layout.libraries]
        where !folders.contains(folder) {
          folders.append(folder)
        }
      }
    }
    return (folders, firstIsCommandLineTools ?? false)
  #else
    return ([], false)
  #endif
}

let testingLibrary = testingLibraryFolders()
/// The programs that import Testing outside a test bundle: they always need the rpaths.
let testingPrograms = [9, 11].flatMap { ["exercise\($0)", "solution\($0)"] }
for target in package.targets {
  let importsTesting =
    target.type == .test
    || ["ChapterTestSupport", "LearnerTestRun", "ObjectTraceTesting"].contains(target.name)
  guard
    testingPrograms.contains(target.name) || (importsTesting && testingLibrary.commandLineToolsOnly)
  else { continue }
  let rpaths = testingLibrary.folders.flatMap { ["-Xlinker", "-rpath", "-Xlinker", $0] }
  // With the Command Line Tools alone, SwiftPM 6.2 and 6.3 pass their Testing folder as `-I`
  // and `-L`, not `-F` (`UserToolchain.swift:756-767` at swift-6.2.3-RELEASE, `:820-832` at
  // swift-6.3.3-RELEASE), and to `swift test` as DYLD_LIBRARY_PATH, not DYLD_FRAMEWORK_PATH
  // (the run-time half fixed by swift-package-manager#10375, after 6.3): `import Testing` needs
  // the folder named as a framework folder there, and the test bundle the rpaths too. The
  // targets SwiftPM generates for `swift test` get none of this: the README says what to add.
  let frameworks =
    testingLibrary.commandLineToolsOnly
    ? testingLibrary.folders.prefix(1).flatMap { ["-F", $0] } : []
  guard !rpaths.isEmpty else { continue }
  target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(frameworks)]
  target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(frameworks + rpaths)]
}
