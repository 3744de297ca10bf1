// Exercise 13 — your file. Register one ride request's objects in its child container: which
// objects the request has, and one word per registration for how long each lives.
// Check it with `swift run workbook check 13`; stuck? `swift run workbook hint 13`.
import KooberKit
import KooberRules
import ObjectTrace

/// What one ride request's child container knows how to make; the rest it resolves from the
/// signed-in container and the app container.
@MainActor
public enum KooberPickMeUpAssembly {
  /// Registers the request's objects in `container`, for a ride from `pickupLocation`.
  public static func register(in container: Container, pickupLocation: Location) {
    // exercise: begin
    // MARK: - Long-lived within the request

    container.register(PickMeUpViewModel.self, scope: .container) { resolver in
      PickMeUpViewModel(
        pickupLocation: pickupLocation, userSession: resolver.resolve(UserSession.self),
        rideHistory: resolver.resolve(RideHistory.self),
        doneRequestingRideResponder: resolver.resolve(SignedInViewModel.self))
    }

    // MARK: - The request's screens

    container.register(PickMeUpViewController.self, scope: .transient) { resolver in
      PickMeUpViewController(
        viewModel: resolver.resolve(PickMeUpViewModel.self),
        rideOptionPickerViewController: resolver.resolve(RideOptionPickerViewController.self))
    }
    container.register(RideOptionPickerViewController.self, scope: .transient) { resolver in
      RideOptionPickerViewController(viewModelFactory: resolver)
    }
    container.register(RideOptionPickerViewModel.self, scope: .transient) { resolver in
      RideOptionPickerViewModel(
        rideOptionDeterminedResponder: resolver.resolve(PickMeUpViewModel.self))
    }
    // exercise: starter
    // todo(
    //   "register the ride request's objects, each with its scope",
    //   ko: "승차 요청의 객체를 스코프와 함께 등록하세요")
    // exercise: end
  }
}
