import CommandLineKit
import KooberChapter
import KooberCloud

/// What `chapter5` takes beyond every chapter's options: the server its composition root wires
/// in, or one screen to preview alone with fakes.
public enum Chapter5CommandLine: ChapterCommandLine {
  /// `--server`: one of ``KooberServer``'s names, or `local`, a stub on 127.0.0.1.
  public static let serverOption = TypedOption<KooberServerChoice>(
    name: "server", defaultValue: .named(.fake),
    help: "which server the composition root wires in (local: a stub on 127.0.0.1)")
  /// `--preview`: one screen built alone with fakes.
  public static let previewOption = TypedOption<KooberPreviews.Screen>(
    name: "preview", defaultValue: nil,
    help: "preview one screen, built with fakes, instead of playing the story")
  /// `--server` and `--preview`.
  public static let extraOptions: [ValueOption] = [
    serverOption.declaration, previewOption.declaration,
  ]

  /// A preview builds one screen alone: it takes no server, and has no steps to print or pause on.
  public static let exclusive: [[String]] = [
    ["server", "preview"], ["step", "preview"], ["pause", "preview"],
  ]
}
