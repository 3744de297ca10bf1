import CommandLineKit

/// What `chapter6` adds to the command line every chapter shares.
public enum Chapter6CommandLine {
  /// `--mistake wrong-scope`: play the composition with that mistake; `--verify off`: without
  /// verifying it at launch.
  public static let extraOptions: [ValueOption] = [
    ValueOption(
      name: "mistake", values: [ContainerMistake.wrongScope.rawValue], defaultValue: nil,
      help: "register the signed-in view model in the app container, as .container"),
    ValueOption(
      name: "verify", values: ["off"], defaultValue: nil,
      help: "off: launch without verify(), to see what a mistake does later in the story"),
  ]
}
