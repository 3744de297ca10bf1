import Dependencies
import DependenciesTestSupport
import Testing

/// swift-dependencies 1.17.1: what the ambient dependency values are, where a read finds them, and
/// what carries them past the end of a `withDependencies` scope. The values live in a task-local,
/// `@TaskLocal public static var _current` (`Sources/Dependencies/DependencyValues.swift:122`),
/// which `withDependencies` copies, changes and binds for the operation only
/// (`Sources/Dependencies/WithDependencies.swift:143`, `:149`–`:151`). Each test proves one
/// sentence of the lesson; the line numbers are the library's at the tag 1.17.1.
@Suite struct AmbientClaimsTests {
  /// The value of both keys below: a plain value that says which one a read got.
  struct Tag: Sendable, Equatable {
    let name: String
  }

  /// A key with a test value of its own: a read in a test that no scope overrides gets "test".
  enum TaggedKey: DependencyKey {
    static let liveValue = Tag(name: "live")
    static let testValue = Tag(name: "test")
  }

  /// A key with a live value only, as most keys are written.
  enum LiveOnlyKey: DependencyKey {
    static let liveValue = Tag(name: "live")
  }

  /// A model that declares its dependency as a feature model does.
  final class TagModel {
    @Dependency(\.ambientTag) var tag
  }

  /// The two tests that run side by side under the `.dependencies` trait meet here.
  static let meeting = Meeting()

  /// "`@Dependency` captures the values current when its object is made: a model made inside
  /// `withDependencies { $0.x = stub }` reads the stub after the scope ends."
  ///
  /// `Sources/Dependencies/Dependency.swift:73`: `let initialValues: DependencyValues =
  /// DependencyValues._current`, a stored property's initial value, so it is taken when the
  /// model is made; `:183` reads through `initialValues` at every read.
  @Test func aModelMadeInsideWithDependenciesReadsTheStubAfterTheScope() {
    let model = withDependencies {
      $0.ambientTag = Tag(name: "stub")
    } operation: {
      TagModel()
    }
    @Dependency(\.ambientTag) var ambient
    #expect(ambient.name == "test")
    #expect(model.tag.name == "stub")
  }

  /// "At read time the values current then are merged over the captured ones: reading the
  /// model's property inside another `withDependencies { $0.x = other }` gives `other`."
  ///
  /// `Sources/Dependencies/Dependency.swift:183`: `let dependencies =
  /// initialValues.merging(DependencyValues._current)` (`:189` in a release build), and
  /// `Sources/Dependencies/DependencyValues.swift:409`–`:411`: `merging` keeps the other's
  /// value for a key both hold (`uniquingKeysWith: { $1 }`). Once that scope ends the capture
  /// reads again.
  @Test func aReadInsideAnotherScopeGetsThatScopesValue() {
    let model = withDependencies {
      $0.ambientTag = Tag(name: "stub")
    } operation: {
      TagModel()
    }
    let inside = withDependencies {
      $0.ambientTag = Tag(name: "other")
    } operation: {
      model.tag.name
    }
    #expect(inside == "other")
    #expect(model.tag.name == "stub")
  }

  /// The same merge, where no `withDependencies` is in sight: a test whose `.dependencies` trait
  /// sets the key reads the trait's value from a model made inside `withDependencies { stub }`,
  /// so the capture of the first sentence does not show, because the trait's scope is still the
  /// current one at the read.
  ///
  /// `Sources/Dependencies/Dependency.swift:183` and
  /// `Sources/Dependencies/DependencyValues.swift:409`–`:411`, as above; the trait's scope is
  /// `Sources/DependenciesTestSupport/TestTrait.swift:19`–`:28`.
  @Test(.dependencies { $0.ambientTag = Tag(name: "trait") })
  func aTraitsValueIsMergedOverAModelsCapture() {
    let model = withDependencies {
      $0.ambientTag = Tag(name: "stub")
    } operation: {
      TagModel()
    }
    let insideTheScope = withDependencies {
      $0.ambientTag = Tag(name: "stub")
    } operation: {
      model.tag.name
    }
    #expect(insideTheScope == "stub")
    #expect(model.tag.name == "trait")
  }

  /// "An escaping closure made inside `withDependencies` and called after it returns reads the
  /// value current at the call, not the override; it gets the key's value for the context: in a
  /// test, the key's `testValue`."
  ///
  /// `Sources/Dependencies/WithDependencies.swift:151`: the override is bound with
  /// `$_current.withValue` for the operation's duration only (and `:500`–`:501`: "Dependencies do
  /// not automatically propagate across escaping boundaries"). With no value in the storage, the
  /// read asks the context (`Sources/Dependencies/DependencyValues.swift:256`, `.test` when
  /// `isTesting`, `:441`–`:442`) and the test context gives `Key.testValue`
  /// (`Sources/Dependencies/DependencyValues.swift:611`).
  @Test func anEscapedClosureReadsTheTestValueAtItsCall() {
    let read: @Sendable () -> String = withDependencies {
      $0.ambientTag = Tag(name: "override")
    } operation: {
      {
        @Dependency(\.ambientTag) var tag
        return tag.name
      }
    }
    #expect(read() == "test")
  }

  /// The same sentence for a key with no `testValue`: the escaped read gets the key's
  /// `liveValue`, and the read records an issue in the test ("has no test implementation").
  ///
  /// `Sources/Dependencies/DependencyKey.swift:186`: a `DependencyKey`'s default `testValue`
  /// reports the issue (`:226`–`:228`) and returns `Self.previewValue` (`:243`), whose default is
  /// `Self.liveValue` (`:165`). The issue is recorded in Swift Testing only when
  /// `IssueReportingTestSupport` is linked (here through `DependenciesTestSupport`).
  @Test func anEscapedClosureReadsTheLiveValueOfAKeyWithNoTestValue() {
    let read: @Sendable () -> String = withDependencies {
      $0.liveOnlyTag = Tag(name: "override")
    } operation: {
      {
        @Dependency(\.liveOnlyTag) var tag
        return tag.name
      }
    }
    var name = ""
    withKnownIssue {
      name = read()
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          "@Dependency(\\.liveOnlyTag) has no test implementation, but was accessed from a test "
            + "context:")
      }
    }
    #expect(name == "live")
  }

  /// "`withEscapedDependencies { continuation in … }` and calling `continuation.yield { … }`
  /// inside the escaped closure later gives the override."
  ///
  /// `Sources/Dependencies/WithDependencies.swift:498`–`:501` (the helper "can be used to access
  /// dependencies in an escaped context"), `:544`–`:547` (`withEscapedDependencies`), `:567`
  /// (`Continuation` stores `DependencyValues._current` when made) and `:573`–`:580` (`yield`
  /// runs its operation inside `withDependencies { $0 = self.dependencies }`).
  @Test func aContinuationYieldsTheOverrideAfterTheScope() {
    let read: @Sendable () -> String = withDependencies {
      $0.ambientTag = Tag(name: "override")
    } operation: {
      withEscapedDependencies { continuation in
        {
          continuation.yield {
            @Dependency(\.ambientTag) var tag
            return tag.name
          }
        }
      }
    }
    #expect(read() == "override")
  }

  /// "A `Task { }` made inside `withDependencies` inherits the override, and `Task.detached { }`
  /// does not: it reads the default (the test value here)."
  ///
  /// `Sources/Dependencies/DependencyValues.swift:122`: the values are a `@TaskLocal`, which an
  /// unstructured `Task` copies from the task that makes it and a detached task does not; the
  /// library's own note, `:71`–`:86`, shows a `Task` in the operation keeping the change.
  @Test func aTaskInheritsTheOverrideAndADetachedTaskDoesNot() async {
    let (inherited, detached) = withDependencies {
      $0.ambientTag = Tag(name: "override")
    } operation: {
      (
        Task {
          @Dependency(\.ambientTag) var tag
          return tag.name
        },
        Task.detached {
          @Dependency(\.ambientTag) var tag
          return tag.name
        }
      )
    }
    #expect(await inherited.value == "override")
    #expect(await detached.value == "test")
  }

  /// "Two tests each overriding the same key with `.dependencies { $0.x = … }` running in
  /// parallel each see their own value." This one and the next set the key, wait until both run
  /// (`meeting`), then read; run one alone (a filter, `--no-parallel`) and it fails after ten
  /// seconds, since the other never comes.
  ///
  /// `Sources/DependenciesTestSupport/TestTrait.swift:125` (`dependencies(_:)`, in the
  /// `DependenciesTestSupport` product, not in `Dependencies`), `:8` (a `TestScoping` trait) and
  /// `:14`–`:29` (`provideScope` runs the test inside `withDependencies`, from fresh values,
  /// `:20`–`:21`). `Sources/Dependencies/Traits/TestTrait.swift:1`–`:3` holds only a table for
  /// compilers before 6.1.
  @Test(.dependencies { $0.ambientTag = Tag(name: "first") })
  func aTraitsOverrideIsItsTestsOwnFirst() async {
    #expect(await Self.meeting.arrive("first"))
    @Dependency(\.ambientTag) var tag
    #expect(tag.name == "first")
  }

  /// The other side of the sentence above: the same key, another value, at the same time.
  ///
  /// `Sources/DependenciesTestSupport/TestTrait.swift:125`, `:8`, `:14`–`:29`, as above.
  @Test(.dependencies { $0.ambientTag = Tag(name: "second") })
  func aTraitsOverrideIsItsTestsOwnSecond() async {
    #expect(await Self.meeting.arrive("second"))
    @Dependency(\.ambientTag) var tag
    #expect(tag.name == "second")
  }

  /// Where the two trait tests wait for each other, so that each reads while the other's override
  /// is set: `arrive` is true once both have arrived, false if the other has not in ten seconds.
  actor Meeting {
    private var arrived: Set<String> = []

    func arrive(_ name: String) async -> Bool {
      arrived.insert(name)
      for _ in 0..<1000 {
        if arrived.count >= 2 { return true }
        try? await Task.sleep(for: .milliseconds(10))
      }
      return false
    }
  }
}

extension DependencyValues {
  var ambientTag: AmbientClaimsTests.Tag {
    get { self[AmbientClaimsTests.TaggedKey.self] }
    set { self[AmbientClaimsTests.TaggedKey.self] = newValue }
  }

  var liveOnlyTag: AmbientClaimsTests.Tag {
    get { self[AmbientClaimsTests.LiveOnlyKey.self] }
    set { self[AmbientClaimsTests.LiveOnlyKey.self] = newValue }
  }
}
