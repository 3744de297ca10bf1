import KooberKit
import ObjectTrace

/// What registers one ride request's objects in its child container, given where to pick up.
public typealias PickMeUpRegistrations = @MainActor (Container, Location) -> Void

/// The signed-in screens' factory for ride requests, in a runtime container: each "Pick me up"
/// makes a new child container of the signed-in one, fills it, and resolves the request's screens
/// from it.
///
/// The signed-in screens keep it, and it keeps the signed-in container; neither keeps a request's
/// container, which lives as long as the request's screens hold it as their view model factory.
/// Chapter 6 has no ride requests; this file is exercise 13's.
@MainActor
public final class PickMeUpContainerMaker: PickMeUpViewControllerFactory {
  let lifetime = Lifetime(of: PickMeUpContainerMaker.self, scope: .signedIn)
  let signedIn: Container
  let registering: PickMeUpRegistrations

  /// A maker of `signedIn`'s children, each filled by `registering`. Made in `verify()`'s dry run
  /// (by the signed-in screens' registration), it has one request's container filled and checked
  /// there as well, for a made-up pickup location: a mistake in the request's registrations
  /// stops the app at launch, before anyone taps "Pick me up".
  public init(signedIn: Container, registering: @escaping PickMeUpRegistrations) {
    self.signedIn = signedIn
    self.registering = registering
    Container.dryRunChild(
      of: signedIn,
      Container.ChildAssembly(
        scope: .pickMeUp, register: { registering($0, Location(latitude: 0, longitude: 0)) },
        asks: { _ = $0.makeRideOptionPickerViewModel() }))
  }

  public func makePickMeUpViewController(pickupLocation: Location) -> PickMeUpViewController {
    let request = Container(scope: .pickMeUp, parent: signedIn)
    registering(request, pickupLocation)
    return request.resolve(PickMeUpViewController.self)
  }
}

// MARK: - View model factories

/// The ride options make their view model the first time they are shown, through the request's
/// container, which resolves it.
extension Container: RideOptionPickerViewModelFactory {
  public func makeRideOptionPickerViewModel() -> RideOptionPickerViewModel {
    resolve(RideOptionPickerViewModel.self)
  }
}
