import CommandLineKit

/// What `chapter7` adds to the command line every chapter shares.
public enum Chapter7CommandLine: ChapterCommandLine {
  /// `--mistake NAME`: play the composition with that mistake.
  public static let mistakeOption = TypedOption<AmbientMistake>(
    name: "mistake", cases: AmbientMistake.allCases, defaultValue: nil,
    help: "escaped-override: factory closures that lose the app's values; "
      + "wrong-scope: sign-in leaves the signed-in view model to its live value; "
      + "kept-overrides: the profile's view-model factory kept as a live value")
  /// `--mistake`.
  public static let extraOptions: [ValueOption] = [mistakeOption.declaration]
}
