import CommandLineKit

/// What `chapter6` adds to the command line every chapter shares.
public enum Chapter6CommandLine {
  /// `--mistake wrong-scope`: play the composition with that mistake.
  public static let extraOptions: [ValueOption] = [
    ValueOption(
      name: "mistake", values: [ContainerMistake.wrongScope.rawValue], defaultValue: nil,
      help: "register the signed-in view model in the app container, as .container")
  ]
}
