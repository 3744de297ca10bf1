// Exercise 12 — a file for your own code: the pick-me-up scope, as you design it.
// exercise: begin
import KooberKit
import ObjectTrace

/// One ride request's container: born when the rider taps "Pick me up", gone with the request's
/// screens when it is sent or cancelled.
@MainActor
public final class KooberPickMeUpDependencyContainer {
  let lifetime = Lifetime(
    of: KooberPickMeUpDependencyContainer.self, scope: .pickMeUp, role: .container)

  // MARK: - From the parent container

  let userSession: UserSession
  let sharedRideHistory: RideHistory
  let sharedSignedInViewModel: SignedInViewModel

  // MARK: - Context

  let pickupLocation: Location

  // MARK: - Long-lived within the request

  let sharedPickMeUpViewModel: PickMeUpViewModel

  /// Creates the container of one ride request from `pickupLocation`.
  public init(
    signedInDependencyContainer: KooberSignedInDependencyContainer, pickupLocation: Location
  ) {
    self.userSession = signedInDependencyContainer.userSession
    self.sharedRideHistory = signedInDependencyContainer.sharedRideHistory
    self.sharedSignedInViewModel = signedInDependencyContainer.sharedSignedInViewModel
    self.pickupLocation = pickupLocation
    self.sharedPickMeUpViewModel = PickMeUpViewModel(
      pickupLocation: pickupLocation, userSession: userSession, rideHistory: sharedRideHistory,
      doneRequestingRideResponder: sharedSignedInViewModel)
  }

  /// The request's screen, with its ride options; they keep this container as long as they are
  /// shown.
  public func makePickMeUpViewController() -> PickMeUpViewController {
    PickMeUpViewController(
      viewModel: sharedPickMeUpViewModel,
      rideOptionPickerViewController: RideOptionPickerViewController(viewModelFactory: self))
  }
}

// MARK: - View model factories

extension KooberPickMeUpDependencyContainer: RideOptionPickerViewModelFactory {
  public func makeRideOptionPickerViewModel() -> RideOptionPickerViewModel {
    RideOptionPickerViewModel(rideOptionDeterminedResponder: sharedPickMeUpViewModel)
  }
}
// exercise: starter
// exercise: end
