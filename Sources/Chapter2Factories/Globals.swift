import KooberKit

// MARK: - Globals

/// The app's one repository, made by the factories. Still a global: the factories are stateless,
/// so something else must keep the long-lived objects — here, two main-actor globals (Swift 6
/// requires the isolation: neither value is `Sendable`).
@MainActor public let GlobalUserSessionRepository: any UserSessionRepository =
  KooberObjectFactories().makeUserSessionRepository()

/// The app's one main view model, the responder of every screen.
@MainActor public let GlobalMainViewModel: MainViewModel = KooberObjectFactories()
  .makeMainViewModel()
