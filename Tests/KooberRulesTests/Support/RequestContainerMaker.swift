import KooberKit
import KooberStory
import ObjectTrace
import Testing

@testable import Chapter6RuntimeContainer
@testable import ExerciseRuntime
@testable import KooberRules

/// What registers one ride request's objects in its child container.
typealias PickMeUpRegistrations = @MainActor (Container, Location) -> Void

/// Exercise 13's `PickMeUpContainerMaker`: a new child container of the signed-in one per
/// request, filled by `registering`; it keeps none of them. Made in `verify()`'s dry run, it has
/// one request's container checked there.
@MainActor final class RequestContainerMaker: PickMeUpViewControllerFactory {
  let lifetime = Lifetime(of: RequestContainerMaker.self, scope: .signedIn)
  let signedIn: Container
  let registering: PickMeUpRegistrations

  init(signedIn: Container, registering: @escaping PickMeUpRegistrations) {
    self.signedIn = signedIn
    self.registering = registering
    Container.dryRunChild(
      of: signedIn,
      Container.ChildAssembly(
        scope: .pickMeUp, register: { registering($0, Location(latitude: 0, longitude: 0)) },
        asks: { _ = RideOptionsFrom(container: $0).makeRideOptionPickerViewModel() }))
  }

  func makePickMeUpViewController(pickupLocation: Location) -> PickMeUpViewController {
    let request = Container(scope: .pickMeUp, parent: signedIn)
    registering(request, pickupLocation)
    return request.resolve(PickMeUpViewController.self)
  }
}
