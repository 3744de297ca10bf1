import Bilingual
import KooberKit
import KooberRules
import Testing
import TracePictures

/// Exercise 15's rules on wrong answers a learner writes: each design below is one mistake in
/// the map screen that the framework makes with `init()`, or in its view model, which refers
/// back to the screen that owns it. Each is refused by the rule it breaks, naming the object.
@MainActor @Suite struct AfterInitRulesTests {
  /// How the fixture's screen and view model are written, one mistake at a time.
  enum Design: Sendable {
    case right, strongBackReference, weakViewModel, screenMovesThePinItself, neverSet
    case noNotice, vagueNotice, forgetsToTell, screenMovesThePinAndKeepsTheReference
    case closureKeepsTheScreen, neverToldOfItsScreen, noticeOnlyOnDrag
    case makesItsOwnViewModel, forgetsTheLocation, keepsTheScreenInAList, viewModelMakesTheScreen
    /// The design the fixture's objects are made with, for the test that asks.
    @TaskLocal static var current = Design.right
  }

  /// The cycles a strong reference back made, broken once a test has its verdicts, so that the
  /// address sanitizer's leak check sees no leak the test made on purpose. Touched on the main
  /// actor only.
  final class Cycles: @unchecked Sendable {
    var viewModels: [MapViewModel] = []
    @TaskLocal static var current: Cycles?
  }

  @MainActor protocol PinDisplay: AnyObject {
    func showPin(at location: Location)
  }

  @MainActor final class MapViewModel {
    var pin: Location
    weak var display: (any PinDisplay)?
    var strongDisplay: (any PinDisplay)?
    var onPinMoved: ((Location) -> Void)?
    var displays: [any PinDisplay] = []
    let design = Design.current

    init(pin: Location) {
      self.pin = pin
      if design == .viewModelMakesTheScreen {
        // The mistake: the view model makes its own screen, with `init()`, and sets itself.
        let screen = Map()
        screen.strongViewModel = self
        display = screen
        madeScreen = screen
      }
    }

    /// The screen ``Design/viewModelMakesTheScreen`` made, until the composition takes it.
    var madeScreen: Map?

    func movePin(to location: Location) {
      pin = location
      guard design != .forgetsToTell else { return }
      (display ?? strongDisplay)?.showPin(at: location)
      onPinMoved?(location)
      for display in displays { display.showPin(at: location) }
    }
  }

  @MainActor final class Map: MapFrameworkScreen, PinDisplay {
    var strongViewModel: MapViewModel?
    weak var weakViewModel: MapViewModel?
    private(set) var shownPin: Location?
    private(set) var notice: String?
    let design = Design.current

    var viewModel: MapViewModel? { strongViewModel ?? weakViewModel }

    init() {
      if design == .makesItsOwnViewModel {
        strongViewModel = MapViewModel(pin: Location(latitude: 0, longitude: 0))
      }
    }

    func render() {
      guard let viewModel else {
        switch design {
        case .noNotice, .noticeOnlyOnDrag: break
        case .vagueNotice: notice = "Something went wrong."
        default: notice = "No view model was set."
        }
        return
      }
      shownPin = viewModel.pin
    }

    func pinDragged(to location: Location) {
      if viewModel == nil, design == .noticeOnlyOnDrag { notice = "No view model was set." }
      switch design {
      case .screenMovesThePinItself, .screenMovesThePinAndKeepsTheReference: shownPin = location
      default: viewModel?.movePin(to: location)
      }
    }

    func showPin(at location: Location) { shownPin = location }
  }

  /// The fixture's composition, as the learner's `makePickupMap(pickupLocation:)`.
  static func makeMap(_ pickupLocation: Location) -> Map {
    if Design.current == .viewModelMakesTheScreen {
      let viewModel = MapViewModel(pin: pickupLocation)
      if let screen = viewModel.madeScreen {
        viewModel.madeScreen = nil
        return screen
      }
    }
    let screen = MapFramework.makeScreen(Map.self)
    let design = screen.design
    let viewModel = MapViewModel(
      pin: design == .forgetsTheLocation ? Location(latitude: 0, longitude: 0) : pickupLocation)
    switch design {
    case .neverSet, .makesItsOwnViewModel: return screen
    case .weakViewModel: screen.weakViewModel = viewModel
    default: screen.strongViewModel = viewModel
    }
    switch screen.design {
    case .strongBackReference:
      viewModel.strongDisplay = screen
      Cycles.current?.viewModels.append(viewModel)
    case .screenMovesThePinItself, .neverToldOfItsScreen: break
    case .closureKeepsTheScreen:
      viewModel.onPinMoved = { screen.showPin(at: $0) }
      Cycles.current?.viewModels.append(viewModel)
    case .keepsTheScreenInAList:
      viewModel.displays = [screen]
      Cycles.current?.viewModels.append(viewModel)
    default: viewModel.display = screen
    }
    return screen
  }

  /// Each rule's verdict on `design`, in `language`: `nil` when it holds.
  static func verdicts(_ design: Design, in language: Language = .english) async -> [String:
    String?]
  {
    let cycles = Cycles()
    let rules = Design.$current.withValue(design) {
      Cycles.$current.withValue(cycles) {
        Rule.afterInit(viewModelType: MapViewModel.self, makePickupMap: makeMap)
      }
    }
    for viewModel in cycles.viewModels {
      viewModel.strongDisplay = nil
      viewModel.onPinMoved = nil
      viewModel.displays = []
    }
    cycles.viewModels = []
    let recording = await StoryRecording.record(.mistaken(.none))
    return Dictionary(
      uniqueKeysWithValues: rules.map { rule in
        (rule.id.rawValue, rule.check(recording).map { $0.detail.text(in: language) })
      })
  }

  /// `exercise15 --trace`: the moments the rules read, as a trace. The right design shows its
  /// weak reference back, and closing the map releases both objects.
  @Test func theTraceShowsTheWeakReferenceAndTheRelease() {
    let text = TraceFormat.text.render(
      Rule.afterInitTrace(viewModelType: MapViewModel.self, makePickupMap: Self.makeMap))
    #expect(text.contains("story: shown → dragged → closed → bare"))
    #expect(text.contains("└─ display (weak) → Map#1"))
    #expect(text.contains("released  Map#1, MapViewModel#1"))
    #expect(!text.contains("! untraced"))
  }

  /// With a strong reference back, the trace's closed step finds the two alive, kept by their
  /// cycle: what the rule says, seen.
  @Test func theTraceShowsTheCycleThatOutlivesTheMap() {
    let cycles = Cycles()
    let text = Design.$current.withValue(.strongBackReference) {
      Cycles.$current.withValue(cycles) {
        TraceFormat.text.render(
          Rule.afterInitTrace(viewModelType: MapViewModel.self, makePickupMap: Self.makeMap))
      }
    }
    for viewModel in cycles.viewModels { viewModel.strongDisplay = nil }
    #expect(text.contains("! leak Map#1"))
    #expect(text.contains("Map#1.strongViewModel → MapViewModel#1.strongDisplay → Map#1"))
  }

  @Test func theRightDesignPassesEveryRule() async {
    let verdicts = await Self.verdicts(.right)
    #expect(verdicts.count == 4)
    #expect(verdicts.values.allSatisfy { $0 == nil })
  }

  @Test func aStrongReferenceBackToTheScreenIsACycleThatOutlivesIt() async throws {
    let verdicts = await Self.verdicts(.strongBackReference)
    let closing = try #require(verdicts["closing-releases-both"] ?? nil)
    #expect(
      closing
        == """
        Map#1 and MapViewModel#1 are still alive after the screen closed, kept by the cycle \
        Map#1.strongViewModel → MapViewModel#1.strongDisplay → Map#1: the screen owns its \
        view model, so make the view model's reference back to its screen `weak` (a `deinit` \
        that would break the cycle never runs while it keeps both)
        """)
    #expect(verdicts["screen-keeps-its-view-model"] == .some(nil))
    #expect(verdicts["view-model-tells-its-screen"] == .some(nil))
    let korean = await Self.verdicts(.strongBackReference, in: .korean)
    #expect(
      korean["closing-releases-both"]
        == """
        화면을 닫은 뒤에도 Map#1, MapViewModel#1이 살아 있다. 순환 Map#1.strongViewModel → \
        MapViewModel#1.strongDisplay → Map#1이 붙잡고 있다: 뷰 모델의 주인은 화면이므로, 뷰 \
        모델이 화면을 가리키는 참조를 `weak`으로 바꿔야 한다(순환을 끊는 `deinit`은 순환이 둘을 \
        붙잡는 동안 실행되지 않는다)
        """)
  }

  @Test func aWeakViewModelOnTheScreenIsGoneWhenTheCompositionReturns() async throws {
    let verdicts = await Self.verdicts(.weakViewModel)
    let keeps = try #require(verdicts["screen-keeps-its-view-model"] ?? nil)
    #expect(
      keeps
        == """
        Map#1, returned by makePickupMap(pickupLocation:), keeps no MapViewModel: set its \
        view model after MapFramework.makeScreen returns the screen, in a property the \
        screen keeps strongly (a `weak` one lets it go at once)
        """)
    #expect(verdicts["view-model-tells-its-screen"]??.hasPrefix("not checked: ") == true)
    #expect(verdicts["closing-releases-both"]??.hasPrefix("not checked: ") == true)
  }

  @Test func aViewModelNeverSetIsNamed() async throws {
    let verdicts = await Self.verdicts(.neverSet)
    #expect(verdicts["screen-keeps-its-view-model"]??.contains("keeps no MapViewModel") == true)
    // A screen that says its view model is missing after the composition set it up would be
    // the next thing wrong; this one says so because nothing was set.
    #expect(verdicts["missing-view-model-is-named"] == .some(nil))
  }

  @Test func aScreenThatMovesThePinItselfHasNoReferenceBack() async throws {
    let verdicts = await Self.verdicts(.screenMovesThePinItself)
    let tells = try #require(verdicts["view-model-tells-its-screen"] ?? nil)
    #expect(
      tells
        == """
        Map#1 shows the dragged pin, but MapViewModel#1 holds no reference to it: the \
        screen moved the pin itself; the view model decides where the pin is, so give it a \
        reference to its screen, set after init, and have it tell the screen
        """)
  }

  /// The view model refers to its screen, but the screen moves the pin without telling it: shown
  /// again, the screen draws the view model's old place.
  @Test func aScreenThatMovesThePinItselfIsCaughtWhenShownAgain() async throws {
    let verdicts = await Self.verdicts(.screenMovesThePinAndKeepsTheReference)
    let tells = try #require(verdicts["view-model-tells-its-screen"] ?? nil)
    #expect(
      tells
        == """
        Map#1 showed the dragged pin at 37.5796, 126.977, but shown again it puts the pin \
        back at 37.5665, 126.978: MapViewModel#1 still has the old place, so the screen moved \
        the pin itself; hand the drag to the view model, which keeps the pin's place and \
        tells its screen to show it there
        """)
  }

  /// A closure the view model keeps, which captures the screen strongly: the cycle runs through
  /// the closure, and the fix is a weak capture.
  @Test func aClosureThatCapturesTheScreenStronglyIsACycleToo() async throws {
    let verdicts = await Self.verdicts(.closureKeepsTheScreen)
    let closing = try #require(verdicts["closing-releases-both"] ?? nil)
    #expect(
      closing
        == """
        Map#1 and MapViewModel#1 are still alive after the screen closed, kept by the cycle \
        Map#1.strongViewModel → MapViewModel#1.onPinMoved (a closure) → Map#1: the screen \
        owns its view model, so the closure the view model keeps must capture the screen \
        weakly (`[weak self]` where the screen makes it, `[weak screen]` elsewhere) (a `deinit` that would break the cycle never runs while it \
        keeps both)
        """)
    let korean = await Self.verdicts(.closureKeepsTheScreen, in: .korean)
    #expect(korean["closing-releases-both"]??.contains("(클로저)") == true)
    #expect(
      korean["closing-releases-both"]??.contains("캡처해야 한다(화면이 만든 클로저라면 `[weak self]`") == true)
  }

  /// The composition never gave the view model its screen: the drag reaches the view model,
  /// which has no one to tell.
  @Test func aViewModelWithNoScreenCanTellNone() async throws {
    let verdicts = await Self.verdicts(.neverToldOfItsScreen)
    let tells = try #require(verdicts["view-model-tells-its-screen"] ?? nil)
    #expect(
      tells
        == """
        the rider dragged the pin to 37.5796, 126.977, and Map#1 shows it at 37.5665, \
        126.978: MapViewModel#1 refers to no screen, so it could tell none; set its reference \
        to the screen after init, once both exist
        """)
  }

  /// A list of screens the view model keeps strongly: a cycle through the list's element, which
  /// no `weak` on a property can break.
  @Test func aListThatKeepsTheScreenIsACycleThroughItsElement() async throws {
    let verdicts = await Self.verdicts(.keepsTheScreenInAList)
    let closing = try #require(verdicts["closing-releases-both"] ?? nil)
    #expect(closing.contains("MapViewModel#1.displays[0] → Map#1"))
    #expect(closing.contains("keep each in a weak box (a struct with a `weak var`)"))
  }

  /// A screen that makes its own view model in `init()`: the composition set nothing, and the
  /// view model cannot know the pickup location.
  @Test func aScreenThatMakesItsOwnViewModelIsRefused() async throws {
    let verdicts = await Self.verdicts(.makesItsOwnViewModel)
    let keeps = try #require(verdicts["screen-keeps-its-view-model"] ?? nil)
    #expect(
      keeps
        == """
        Map#2, made by MapFramework.makeScreen alone, already has MapViewModel#2: the screen \
        makes its own view model, which cannot know the ride request's pickup location; let \
        the composition make it and set it after the framework made the screen
        """)
    #expect(
      verdicts["missing-view-model-is-named"]??.hasSuffix(
        "(see the rule that the screen keeps its view model)") == true)
  }

  @Test func aViewModelWithoutThePickupLocationShowsThePinElsewhere() async throws {
    let verdicts = await Self.verdicts(.forgetsTheLocation)
    #expect(
      verdicts["screen-keeps-its-view-model"]
        == """
        Map#1 shows the pin at 0.0, 0.0, not at 37.5665, 126.978, the pickup location \
        makePickupMap(pickupLocation:) was given: pass that location on to the view model
        """)
  }

  @Test func aViewModelThatForgetsToTellLeavesThePinWhereItWas() async throws {
    let verdicts = await Self.verdicts(.forgetsToTell)
    let tells = try #require(verdicts["view-model-tells-its-screen"] ?? nil)
    #expect(
      tells
        == """
        the rider dragged the pin to 37.5796, 126.977, and Map#1 shows it at 37.5665, \
        126.978: the screen hands the drag to MapViewModel#1, which keeps the pin's place and \
        tells its screen to show it there
        """)
  }

  @Test func aBareScreenMustSayWhatIsMissing() async throws {
    let silent = await Self.verdicts(.noNotice)
    #expect(
      silent["missing-view-model-is-named"]
        == """
        Map#2, made by MapFramework.makeScreen and shown before its view model was set, \
        shows no notice: check for the missing view model (a `guard let`) and say, in \
        `notice`, that it was not set
        """)
    // Shown is what must say it: a notice that only a drag writes comes too late.
    let onlyOnDrag = await Self.verdicts(.noticeOnlyOnDrag)
    #expect(onlyOnDrag["missing-view-model-is-named"]??.contains("shows no notice") == true)
    let vague = await Self.verdicts(.vagueNotice)
    #expect(
      vague["missing-view-model-is-named"]
        == """
        Map#2, shown before its view model was set, says “Something went wrong.”: name \
        what is missing, its view model, so that whoever reads it knows what was not set
        """)
  }

  /// A view model that makes its screen with `init()` itself, and a composition that returns that
  /// screen: every reference is right, but no framework would ever show the screen.
  @Test func aScreenTheViewModelMadeIsNotTheFrameworks() async throws {
    let verdicts = await Self.verdicts(.viewModelMakesTheScreen)
    let refusal = try #require(verdicts["screen-keeps-its-view-model"] ?? nil)
    #expect(
      refusal.hasPrefix(
        "Map#1, returned by makePickupMap(pickupLocation:), was not made by the framework"))
    #expect(refusal.contains("MapFramework.makeScreen(_:)"))
    let korean = await Self.verdicts(.viewModelMakesTheScreen, in: .korean)
    #expect(korean["screen-keeps-its-view-model"]??.contains("프레임워크가 만든 화면이 아니다") == true)
  }

  /// Every refusal of every wrong design reads as Korean under `--lang ko`: Hangul, and none of
  /// the English rule's connecting words left in it.
  @Test(arguments: [
    Design.strongBackReference, .weakViewModel, .screenMovesThePinItself, .neverSet, .noNotice,
    .vagueNotice, .forgetsToTell, .screenMovesThePinAndKeepsTheReference, .closureKeepsTheScreen,
    .neverToldOfItsScreen, .noticeOnlyOnDrag, .makesItsOwnViewModel, .forgetsTheLocation,
    .keepsTheScreenInAList, .viewModelMakesTheScreen,
  ])
  func everyRefusalIsKoreanUnderKorean(_ design: Design) async {
    let korean = await Self.verdicts(design, in: .korean).compactMapValues { $0 }
    #expect(!korean.isEmpty, "\(design) is refused by no rule")
    for (rule, text) in korean {
      #expect(
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(rule): \(text)")
      for english in [" the ", " must ", " is ", " its "] {
        #expect(!text.contains(english), "\(rule) keeps “\(english)”: \(text)")
      }
    }
  }
}
