import CommandLineKit

/// What `chapter6` adds to the command line every chapter shares.
public enum Chapter6CommandLine: ChapterCommandLine {
  /// `--mistake wrong-scope`: play the composition with that mistake.
  public static let mistakeOption = TypedOption<ContainerMistake>(
    name: "mistake", cases: [.wrongScope], defaultValue: nil,
    help: "register the signed-in view model in the app container, as .container")
  /// `--verify off`: play it without verifying it at launch (`off` is the one value).
  public static let verifyOption = ValueOption(
    name: "verify", values: ["off"],
    defaultValue: nil,
    help: "off: launch without verify(), to see what a mistake does later in the story")
  /// `--mistake` and `--verify`.
  public static let extraOptions: [ValueOption] = [mistakeOption.declaration, verifyOption]
}
