// Runs exercise 15's check on this folder's code: `swift run workbook check 15` builds and runs it
// for you. You do not need to edit this file.
import KooberKit
import KooberRules

/// Your composition, as the check calls it.
@MainActor func makePickupMap(_ pickupLocation: Location) -> PickupMapViewController {
  PickupMapComposition.makePickupMap(pickupLocation: pickupLocation)
}

// The check makes the map as the app would (your composition), drags its pin, closes it, then
// has the framework show a map that nobody set up. Exercise 15's rules look at the map built
// alone: there is no story to play. `swift run exercise15 --trace` shows those moments' objects.
await ExerciseCheck.main(
  exercise: 15, chapter: nil,
  extraRules: Rule.afterInit(
    viewModelType: PickupMapViewModel.self, makePickupMap: makePickupMap),
  builtAloneTrace: {
    Rule.afterInitTrace(viewModelType: PickupMapViewModel.self, makePickupMap: makePickupMap)
  })
