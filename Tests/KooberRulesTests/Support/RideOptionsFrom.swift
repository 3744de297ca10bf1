import KooberKit
import KooberStory
import ObjectTrace
import Testing

@testable import Chapter6RuntimeContainer
@testable import ExerciseRuntime
@testable import KooberRules

/// The request's container as the ride options' view model factory (exercise 13 makes the
/// container conform; a test module would conform another module's type retroactively).
@MainActor struct RideOptionsFrom: RideOptionPickerViewModelFactory {
  let container: Container

  func makeRideOptionPickerViewModel() -> RideOptionPickerViewModel {
    container.resolve(RideOptionPickerViewModel.self)
  }
}
