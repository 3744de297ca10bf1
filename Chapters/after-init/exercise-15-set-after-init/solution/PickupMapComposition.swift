// Exercise 15 — your file: where the app builds the map of the pickup spot.
import KooberKit
import KooberRules

/// The composition's part for the map: the framework makes the screen, this sets it up.
@MainActor
public enum PickupMapComposition {
  /// The map for a ride request picked up at `pickupLocation`, ready to be shown.
  public static func makePickupMap(pickupLocation: Location) -> PickupMapViewController {
    // exercise: begin
    // The framework calls `init()` itself: nothing can be passed there.
    let screen = MapFramework.makeScreen(PickupMapViewController.self)
    let viewModel = PickupMapViewModel(pickupLocation: pickupLocation)
    // Both need each other, so both are set after init: the screen keeps its view model
    // strongly, and the view model refers back to its owner weakly.
    screen.viewModel = viewModel
    viewModel.display = screen
    return screen
    // exercise: starter
    // todo(
    //   "have MapFramework make the screen, then give it what it needs",
    //   ko: "MapFramework로 화면을 만든 뒤, 화면에 필요한 것을 넣으세요")
    // exercise: end
  }
}
