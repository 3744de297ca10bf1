/// One signed-in listener.
public final class ListenerSession {
  /// The listener's name.
  public let name: String

  init(name: String) {
    self.name = name
  }
}
