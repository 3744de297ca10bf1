import ObjectTrace

/// Reads the saved session at launch and tells the main view model where to go.
@MainActor
public final class LaunchViewModel {
  let lifetime = Lifetime(of: LaunchViewModel.self)
  let userSessionRepository: any UserSessionRepository
  let notSignedInResponder: any NotSignedInResponder
  let signedInResponder: any SignedInResponder
  /// Why the saved session could not be read, if it could not.
  public private(set) var errorMessage: String?

  /// Creates the launch view model.
  public init(
    userSessionRepository: any UserSessionRepository,
    notSignedInResponder: any NotSignedInResponder, signedInResponder: any SignedInResponder
  ) {
    self.userSessionRepository = userSessionRepository
    self.notSignedInResponder = notSignedInResponder
    self.signedInResponder = signedInResponder
  }

  /// Signs the saved user in, or shows onboarding; an unreadable store shows onboarding too,
  /// with the error kept for the screen.
  public func loadUserSession() async {
    do {
      if let userSession = try await userSessionRepository.readUserSession() {
        signedInResponder.signedIn(to: userSession)
      } else {
        notSignedInResponder.notSignedIn()
      }
    } catch {
      errorMessage = error.screenMessage
      notSignedInResponder.notSignedIn()
    }
  }
}

/// The launch screen.
@MainActor
public final class LaunchViewController: Screen {
  let lifetime = Lifetime(of: LaunchViewController.self)
  /// Its view model.
  public let viewModel: LaunchViewModel

  /// Creates the launch screen.
  public init(viewModel: LaunchViewModel) { self.viewModel = viewModel }

  public var title: String { "Launch" }
  public var notice: String? { viewModel.errorMessage }
  public func render() {}
}
