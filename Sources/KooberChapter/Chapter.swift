import KooberKit

/// One chapter, as the story runner sees it: a way to build the app, and the globals it declares.
public struct Chapter: Sendable {
  /// The chapter's number, 1 to 7; an exercise's story may reuse its chapter's.
  public let number: Int
  /// The chapter's title, e.g. `Single container`.
  public let title: String
  /// Builds the app object: the chapter's composition.
  public let makeApp: @MainActor @Sendable () -> any KooberApp
  /// The chapter's global variables, by name; what they hold after quit is not a leak.
  public let globals: @MainActor @Sendable () -> [(name: String, object: AnyObject)]
  /// The steps its story plays, in order: ``StoryStep/chapters`` for every chapter.
  public let steps: [StoryStep]

  /// Describes a chapter.
  public init(
    number: Int, title: String, makeApp: @escaping @MainActor @Sendable () -> any KooberApp,
    globals: @escaping @MainActor @Sendable () -> [(name: String, object: AnyObject)] = { [] },
    steps: [StoryStep] = StoryStep.chapters
  ) {
    self.number = number
    self.title = title
    self.makeApp = makeApp
    self.globals = globals
    self.steps = steps
  }
}
