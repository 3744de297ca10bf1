import CommandLineKit

/// What `chapter6` adds to the command line every chapter shares.
public enum Chapter6CommandLine: ChapterCommandLine {
  /// `--mistake wrong-scope`: play the composition with that mistake.
  public static let mistakeOption = TypedOption<ContainerMistake>(
    name: "mistake", cases: [.wrongScope], defaultValue: nil,
    help: "register the signed-in view model in the app container, as .container")
  /// Whether the app verifies its registrations at launch.
  public enum Verification: String, Sendable {
    /// `verify()` at launch, as the app does unless told otherwise.
    case on
    /// No `verify()`: a mistake shows later in the story, where it does its harm.
    case off
  }

  /// `--verify off`: play it without verifying it at launch (`off` is the one value given).
  public static let verifyOption = TypedOption<Verification>(
    name: "verify", cases: [.off], defaultValue: nil,
    help: "off: launch without verify(), to see what a mistake does later in the story")
  /// `--mistake` and `--verify`.
  public static let extraOptions: [ValueOption] = [
    mistakeOption.declaration, verifyOption.declaration,
  ]
}
