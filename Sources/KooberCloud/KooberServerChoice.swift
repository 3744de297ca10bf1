/// A server chapter 5 is told to use (`--server`): one of ``KooberServer``'s, or a stub it
/// starts on 127.0.0.1 for the story (``KooberStubServer``).
public enum KooberServerChoice: RawRepresentable, Sendable, Equatable, CaseIterable {
  /// A server the composition root knows by name.
  case named(KooberServer)
  /// A stub on 127.0.0.1, started for the story and stopped after quit.
  case local

  /// Every choice, in the order the usage lists them: the named servers, then `local`.
  public static var allCases: [KooberServerChoice] { KooberServer.allCases.map(named) + [.local] }

  /// The choice `--server` names, `fake`, …, `local`.
  public init?(rawValue: String) {
    if rawValue == "local" {
      self = .local
    } else if let server = KooberServer(rawValue: rawValue) {
      self = .named(server)
    } else {
      return nil
    }
  }

  /// The word for it on the command line.
  public var rawValue: String {
    switch self {
    case .named(let server): server.rawValue
    case .local: "local"
    }
  }
}
