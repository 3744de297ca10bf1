import ObjectTrace

// MARK: - Roles of a ride request

/// Told when a ride request ends: sent, or cancelled before it was sent.
@MainActor public protocol DoneRequestingRideResponder: AnyObject {
  /// Close the ride request's screens.
  func doneRequestingRide()
}

/// Told which ride option the rider picked.
@MainActor public protocol RideOptionDeterminedResponder: AnyObject {
  /// Remember `option` for the request.
  func pickedRideOption(_ option: RideOption)
}

/// Makes a ride request's screens: one call per request.
@MainActor public protocol PickMeUpViewControllerFactory: AnyObject {
  /// The screens of a new ride request from `pickupLocation`.
  func makePickMeUpViewController(pickupLocation: Location) -> PickMeUpViewController
}

/// Makes the ride option picker's view model.
@MainActor public protocol RideOptionPickerViewModelFactory {
  /// A new ride option picker view model.
  func makeRideOptionPickerViewModel() -> RideOptionPickerViewModel
}

/// How big a ride: Koober's cars are named after kangaroos, as in the book.
public enum RideOption: String, Sendable, CaseIterable {
  case wallabee = "Wallabee"
  case wallaroo = "Wallaroo"
  case kangaroo = "Kangaroo"
}

// MARK: - The request

/// One ride request's state: where to pick the rider up, for whom, which ride, where the ride is
/// recorded once sent, and whom to tell when it ends.
@MainActor
public final class PickMeUpViewModel: RideOptionDeterminedResponder {
  let lifetime = Lifetime(of: PickMeUpViewModel.self, scope: .pickMeUp, onePerScope: true)
  /// Where the rider waits.
  public let pickupLocation: Location
  let userSession: UserSession
  let rideHistory: RideHistory
  let doneRequestingRideResponder: any DoneRequestingRideResponder
  /// The ride picked, if one is.
  public private(set) var rideOption: RideOption?
  /// Why the request cannot be sent yet, if it cannot.
  public private(set) var errorMessage: String?

  /// Creates a ride request's state; `rideHistory` is where a sent ride is recorded.
  public init(
    pickupLocation: Location, userSession: UserSession, rideHistory: RideHistory,
    doneRequestingRideResponder: any DoneRequestingRideResponder
  ) {
    self.pickupLocation = pickupLocation
    self.userSession = userSession
    self.rideHistory = rideHistory
    self.doneRequestingRideResponder = doneRequestingRideResponder
  }

  /// Who the ride is for.
  public var rider: UserProfile { userSession.profile }

  /// The ride offered first: the last one sent this session, if any.
  public var suggestedRide: RideOption? { rideHistory.sentRides.last }

  public func pickedRideOption(_ option: RideOption) {
    rideOption = option
    errorMessage = nil
  }

  /// The "Pick me up here" button: sends the request, records the ride and ends the request,
  /// once a ride is picked.
  public func sendRideRequest() {
    guard let rideOption else {
      errorMessage = "Pick a ride first."
      return
    }
    rideHistory.recordSentRide(rideOption)
    doneRequestingRideResponder.doneRequestingRide()
  }

  /// The "Cancel" button: ends the request unsent.
  public func cancel() { doneRequestingRideResponder.doneRequestingRide() }
}

/// The ride options of one request: tapping one tells the request.
@MainActor
public final class RideOptionPickerViewModel {
  let lifetime = Lifetime(of: RideOptionPickerViewModel.self, scope: .pickMeUp)
  let rideOptionDeterminedResponder: any RideOptionDeterminedResponder

  /// Creates the ride options' state.
  public init(rideOptionDeterminedResponder: any RideOptionDeterminedResponder) {
    self.rideOptionDeterminedResponder = rideOptionDeterminedResponder
  }

  /// The options shown.
  public var options: [RideOption] { RideOption.allCases }

  /// Taps `option`.
  public func pick(_ option: RideOption) {
    rideOptionDeterminedResponder.pickedRideOption(option)
  }
}

// MARK: - The screens

/// The ride options, inside the ride request's screen; makes its view model when first shown.
@MainActor
public final class RideOptionPickerViewController: Screen {
  let lifetime = Lifetime(of: RideOptionPickerViewController.self, scope: .pickMeUp)
  let viewModelFactory: any RideOptionPickerViewModelFactory
  /// Its view model, made the first time the screen is shown; `nil` before.
  public private(set) var viewModel: RideOptionPickerViewModel?

  /// Creates the ride options' screen.
  public init(viewModelFactory: any RideOptionPickerViewModelFactory) {
    self.viewModelFactory = viewModelFactory
  }

  public var title: String { "Ride options" }
  public func render() {
    if viewModel == nil { viewModel = viewModelFactory.makeRideOptionPickerViewModel() }
  }
}

/// A ride request's screen, presented over signed-in home while the request is open, with the
/// ride options inside it.
///
/// Its presence is the pick-me-up scope.
@MainActor
public final class PickMeUpViewController: Screen {
  let lifetime = Lifetime(of: PickMeUpViewController.self, scope: .pickMeUp, role: .scopeScreen)
  /// The request's state.
  public let viewModel: PickMeUpViewModel
  /// The ride options.
  public let rideOptionPickerViewController: RideOptionPickerViewController

  /// Creates a ride request's screen.
  public init(
    viewModel: PickMeUpViewModel, rideOptionPickerViewController: RideOptionPickerViewController
  ) {
    self.viewModel = viewModel
    self.rideOptionPickerViewController = rideOptionPickerViewController
  }

  public var title: String { "Pick me up" }
  public var notice: String? { viewModel.errorMessage }
  public var shownChild: (any Screen)? { rideOptionPickerViewController }
  public func render() { rideOptionPickerViewController.render() }
}
