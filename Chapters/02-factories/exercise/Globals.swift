// A copy of Sources/Chapter2Factories/Globals.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
import KooberKit

// MARK: - Globals

/// The app's one repository, made by the factories. Still a global: the factories are stateless,
/// so something else must keep the long-lived objects — here, two main-actor globals.
///
/// Swift 6 requires the isolation: `any UserSessionRepository` is not `Sendable` (the protocol
/// does not promise it), so only one actor may touch this global.
@MainActor public let GlobalUserSessionRepository: any UserSessionRepository =
  KooberObjectFactories().makeUserSessionRepository()

/// The app's one main view model, the responder of every screen.
///
/// `MainViewModel` is a main-actor class, so it is `Sendable`; this global needs the isolation
/// because its initial value is made by main-actor code (the factories).
@MainActor public let GlobalMainViewModel: MainViewModel = KooberObjectFactories()
  .makeMainViewModel()
