/// What can go wrong between the screens and the server or the device.
public enum KooberError: Error, Equatable, Sendable {
  /// The email or the password is wrong.
  case incorrectCredentials
  /// The server could not be reached or answered with something unusable.
  case network(String)
  /// The saved session could not be read or written; the reason says which, and where.
  case dataStore(String)

  /// The one line a screen shows.
  public var message: String {
    switch self {
    case .incorrectCredentials: "Incorrect email or password."
    case .network(let reason): "Cannot reach the server: \(reason)"
    case .dataStore(let reason): "Saved session: \(reason)"
    }
  }
}

extension Error {
  /// The message a screen shows for any error.
  public var screenMessage: String {
    (self as? KooberError)?.message ?? "Something went wrong."
  }
}
