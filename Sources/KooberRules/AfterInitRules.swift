import Bilingual
import KooberKit
import ObjectTrace

// MARK: - Exercise 15: a dependency set after init, and a weak reference back to the owner

extension Rule {
  /// Where exercise 15's map opens, and where the rider drags its pin.
  static let pickupSpot = Location(latitude: 37.5665, longitude: 126.978)
  static let draggedSpot = Location(latitude: 37.5796, longitude: 126.977)

  /// Exercise 15's rules, run on the learner's map screen built alone.
  ///
  /// The screen is made by ``MapFramework`` (`init()`, nothing passed), so its view model is set
  /// after `init`; the view model tells the screen where to draw the pin, so it refers back to
  /// the screen that owns it. The rules look at the real objects: what the screen keeps, what the
  /// view model refers to, what is alive once the screen is closed, and what a screen shown
  /// before anyone set it up says.
  /// - Parameters:
  ///   - viewModelType: the learner's view model class.
  ///   - makePickupMap: the learner's composition: the screen for a pickup at the location
  ///     given, set up.
  @MainActor public static func afterInit<Screen: MapFrameworkScreen>(
    viewModelType: AnyObject.Type,
    makePickupMap: (Location) -> Screen
  ) -> [Rule] {
    // The learner's code runs below, before `ExerciseCheck.main`: the channel opens first, and
    // a crash there is one line that says what the check was doing, as in a story's step.
    ReportChannel.open()
    CrashNotice.install()
    let registry = LifetimeRegistry()
    let viewModelName = ObjectGraph.describe(viewModelType)
    let seen = AfterInitLook.run(
      registry: registry, viewModelName: viewModelName, makePickupMap: makePickupMap)
    return [
      Rule(
        id: "screen-keeps-its-view-model",
        statement: Localized(
          en: "the composition sets the screen's view model after the framework made it, and "
            + "the screen keeps it",
          ko: "프레임워크가 화면을 만든 뒤 조립 코드가 뷰 모델을 넣고, 화면이 그 뷰 모델을 붙잡아 둔다")
      ) { _ in seen.keepsItsViewModel(viewModelName) },
      Rule(
        id: "view-model-tells-its-screen",
        statement: Localized(
          en: "when the rider drags the pin, the view model tells its screen where to show it",
          ko: "라이더가 핀을 끌면 뷰 모델이 자기 화면에 핀을 어디에 보여 줄지 알린다")
      ) { _ in seen.judge(seen.viewModelTellsItsScreen(), viewModelName) },
      Rule(
        id: "closing-releases-both",
        statement: Localized(
          en: "closing the map releases the screen and its view model: the reference back to the "
            + "screen keeps nothing",
          ko: "지도를 닫으면 화면과 뷰 모델이 모두 해제된다: 화면을 거꾸로 가리키는 참조는 아무것도 "
            + "붙잡지 않는다")
      ) { _ in seen.judge(seen.closingReleasesBoth(), viewModelName) },
      Rule(
        id: "missing-view-model-is-named",
        statement: Localized(
          en: "shown before anyone set its view model, the screen says so instead of crashing",
          ko: "뷰 모델을 넣기 전에 화면이 보이면, 화면은 멈추지 않고 뷰 모델이 없다고 알린다")
      ) { _ in seen.namesTheMissingViewModel() },
    ]
  }

  /// The trace of what exercise 15's check does to the learner's map, a step for each: the map
  /// shown (`shown`), its pin dragged and the map shown again (`dragged`), the map closed
  /// (`closed`), and a second map shown before anyone set it up (`bare`). `exercise15 --trace`
  /// prints it; the rules read the same moments.
  @MainActor public static func afterInitTrace<Screen: MapFrameworkScreen>(
    viewModelType: AnyObject.Type,
    makePickupMap: (Location) -> Screen
  ) -> Trace {
    let registry = LifetimeRegistry()
    var tracer: Tracer? = Tracer(registry: registry)
    _ = AfterInitLook.run(
      registry: registry, viewModelName: ObjectGraph.describe(viewModelType),
      makePickupMap: makePickupMap, tracer: &tracer)
    var trace = (tracer ?? Tracer(registry: registry)).trace(
      title: "Exercise 15: the map of the pickup spot")
    // The learner's classes store no token on purpose: the exercise is the references, not the
    // workbook's instrument, so "untraced" would only ask for one.
    for index in trace.steps.indices {
      trace.steps[index].findings.removeAll { $0.kind == .untraced }
    }
    return trace
  }
}

/// What exercise 15's check saw of the learner's objects, looked at once, in order: the screen
/// the composition made, the pin dragged, the screen closed, then a screen shown bare.
struct AfterInitLook: Sendable {
  /// The composed screen's id, `PickupMapViewController#1`.
  var screen = ""
  /// Whether ``MapFramework`` made it, as it makes every screen it shows.
  var madeByTheFramework = true
  /// The view model the screen held strongly right after the composition, if any.
  var viewModel: String?
  /// The view model the screen referred to only weakly while something else kept it, if it did.
  var weaklyHeldViewModel: String?
  /// What the composed screen's notice said once shown, if anything, and where it showed the pin.
  var composedNotice: String?
  var pinAfterRender: Location?
  /// Where the screen showed the pin after the rider dragged it, and once shown again.
  var pinAfterDrag: Location?
  var pinShownAgain: Location?
  /// How the view model refers to its screen: `PickupMapViewModel#1.display (weak)`, or `nil`
  /// when it holds no reference to it.
  var backReference: String?
  /// Whether that reference is strong.
  var backReferenceIsStrong = false
  /// What is alive once the screen was closed, by id, and the cycle that keeps it, if one does.
  var aliveAfterClose: [String] = []
  var cycleAfterClose: String?
  /// The bare screen's id, the view model it made itself (if it did), and what it said, shown
  /// before anything was set.
  var bareScreen = ""
  var bareViewModel: String?
  var bareNotice: String?

  /// Plays the look on the learner's code, walking with `registry` so that each object keeps one
  /// id throughout.
  @MainActor static func run<Screen: MapFrameworkScreen>(
    registry: LifetimeRegistry, viewModelName: String, makePickupMap: (Location) -> Screen
  ) -> AfterInitLook {
    var tracer: Tracer?
    return run(
      registry: registry, viewModelName: viewModelName, makePickupMap: makePickupMap,
      tracer: &tracer)
  }

  /// The look, recording each of its moments in `tracer` when there is one.
  @MainActor static func run<Screen: MapFrameworkScreen>(
    registry: LifetimeRegistry, viewModelName: String, makePickupMap: (Location) -> Screen,
    tracer: inout Tracer?
  ) -> AfterInitLook {
    var look = AfterInitLook()
    let screenName = ObjectGraph.describe(Screen.self)
    weak var closedScreen: Screen?
    weak var closedViewModel: AnyObject?
    do {
      CrashNotice.doing(
        Localized(
          en: "makePickupMap(pickupLocation:) built the map and the framework showed it",
          ko: "makePickupMap(pickupLocation:)으로 지도를 만들어 프레임워크가 보여 줄 때"))
      MapFramework.forgetScreens()
      let screen = makePickupMap(Rule.pickupSpot)
      look.madeByTheFramework = MapFramework.madeScreen(screen)
      closedScreen = screen
      let graph = ObjectGraph(roots: [("screen", screen, false)], registry: registry)
      look.screen = graph.nodes[0].id
      if let node = Self.viewModel(named: viewModelName, in: graph, strongly: true) {
        look.viewModel = graph.nodes[node].id
        closedViewModel = graph.nodes[node].unretained.takeUnretainedValue()
      } else if let node = Self.viewModel(named: viewModelName, in: graph, strongly: false) {
        look.weaklyHeldViewModel = graph.nodes[node].id
      }
      screen.render()
      look.composedNotice = screen.notice
      look.pinAfterRender = screen.shownPin
      tracer?.record(step: "shown", screen: screenName, roots: [.init("framework", screen)])
      CrashNotice.doing(
        Localized(
          en: "the rider dragged the pin and the framework showed the map again",
          ko: "라이더가 핀을 끌고 프레임워크가 지도를 다시 보여 줄 때"))
      screen.pinDragged(to: Rule.draggedSpot)
      look.pinAfterDrag = screen.shownPin
      // Shown again (the phone turned, say): a pin that only the screen moved jumps back.
      screen.render()
      look.pinShownAgain = screen.shownPin
      tracer?.record(step: "dragged", screen: screenName, roots: [.init("framework", screen)])
      if let viewModel = closedViewModel {
        let fromViewModel = ObjectGraph(
          roots: [("viewModel", viewModel, false)], registry: registry)
        let back = fromViewModel.nodes[0].links.first { link in
          guard case .node(let target) = link.target else { return false }
          return fromViewModel.nodes[target].unretained.takeUnretainedValue() === screen
        }
        if let back {
          look.backReference =
            back.place(in: fromViewModel.nodes[0].id)
            + (back.ownership.holds ? "" : " (weak)")
          look.backReferenceIsStrong = back.ownership.holds
        }
      }
    }
    // The screen is closed: the composition's result and every local are gone.
    tracer?.record(step: "closed", screen: "none", roots: [])
    let left: [AnyObject] = [closedScreen, closedViewModel].compactMap { $0 }
    if let first = left.first {
      let graph = ObjectGraph(roots: [("closed", first, false)], registry: registry)
      look.aliveAfterClose = left.compactMap { object in
        graph.node(of: object).map { graph.nodes[$0].id }
      }
      look.cycleAfterClose = graph.shortestCycle(through: 0)
    }
    CrashNotice.doing(
      Localized(
        en: "the framework showed a second map, which nobody set up and which must say so "
          + "rather than crash",
        ko: "아무도 준비해 주지 않은 두 번째 지도를 프레임워크가 보여 줄 때입니다. 이 지도는 멈추지 "
          + "않고 준비되지 않았다고 알려야 합니다"))
    let bare = MapFramework.makeScreen(Screen.self)
    let bareGraph = ObjectGraph(roots: [("bare", bare, false)], registry: registry)
    look.bareScreen = bareGraph.nodes[0].id
    look.bareViewModel = Self.viewModel(named: viewModelName, in: bareGraph, strongly: true)
      .map { bareGraph.nodes[$0].id }
    bare.render()
    look.bareNotice = bare.notice
    bare.pinDragged(to: Rule.draggedSpot)
    tracer?.record(step: "bare", screen: screenName, roots: [.init("framework", bare)])
    CrashNotice.running(nil)
    return look
  }

  /// The node of a view model of type `name` that the screen at `graph`'s root reaches, by a
  /// chain of strong references when `strongly`, by any chain otherwise.
  static func viewModel(named name: String, in graph: ObjectGraph, strongly: Bool) -> Int? {
    let reached = graph.reachable(from: 0, strongOnly: strongly)
    return graph.nodes.indices.first {
      $0 != 0 && graph.nodes[$0].typeName == name && reached.contains($0)
    }
  }

  /// `37.5665, 126.978`.
  static func text(_ location: Location?) -> String {
    location.map { "\($0.latitude), \($0.longitude)" } ?? "nowhere"
  }

  func keepsItsViewModel(_ viewModelName: String) -> Localized? {
    guard madeByTheFramework else {
      return Localized(
        en: "\(screen), returned by makePickupMap(pickupLocation:), was not made by the framework: "
          + "the framework makes the screens it shows, so take it from "
          + "MapFramework.makeScreen(_:) and set its view model afterwards, not from `init()` in "
          + "your own code (the view model's, say)",
        ko: "makePickupMap(pickupLocation:)이 돌려준 \(screen, .topic) 프레임워크가 만든 화면이 아니다: "
          + "프레임워크는 자기가 만든 화면만 보여 주므로, 화면은 MapFramework.makeScreen(_:)에서 받고 "
          + "뷰 모델은 그 뒤에 넣어야 한다. 여러분의 코드(이를테면 뷰 모델)에서 `init()`으로 만들면 "
          + "안 된다")
    }
    if let weak = weaklyHeldViewModel {
      return Localized(
        en: "\(screen) refers to \(weak) only weakly: the screen owns its view model, so its "
          + "reference must be strong; the weak one is the view model's, back to its screen",
        ko: "\(screen, .topic) \(weak, .object) 약한 참조로만 가리킨다: 뷰 모델의 주인은 화면이므로 화면 쪽 "
          + "참조는 강해야 한다. 약한 참조는 뷰 모델이 자기 화면을 거꾸로 가리키는 쪽이다")
    }
    if let own = bareViewModel {
      return Localized(
        en: "\(bareScreen), made by MapFramework.makeScreen alone, already has \(own): the screen "
          + "makes its own view model, which cannot know the ride request's pickup location; "
          + "let the composition make it and set it after the framework made the screen",
        ko: "MapFramework.makeScreen이 혼자 만든 \(bareScreen)에 이미 \(own, .subject) 있다: 화면이 "
          + "뷰 모델을 스스로 만들면 승차 요청의 픽업 장소를 알 수 없다. 뷰 모델은 조립 코드가 만들어, "
          + "프레임워크가 화면을 만든 뒤에 넣어야 한다")
    }
    guard viewModel != nil else {
      return Localized(
        en: "\(screen), returned by makePickupMap(pickupLocation:), keeps no \(viewModelName): "
          + "set its view model after MapFramework.makeScreen returns the screen, in a property "
          + "the screen keeps strongly (a `weak` one lets it go at once)",
        ko: "makePickupMap(pickupLocation:)이 돌려준 \(screen)에 \(viewModelName, .subject) 없다: "
          + "MapFramework.makeScreen이 화면을 돌려준 뒤 화면의 프로퍼티에 뷰 모델을 넣어야 한다. "
          + "그 프로퍼티는 강한 참조여야 한다(`weak`이면 곧바로 해제된다)")
    }
    if let notice = composedNotice {
      return Localized(
        en: "\(screen) shows “\(notice)” though makePickupMap(pickupLocation:) set it up: the "
          + "notice is for a screen whose view model is missing",
        ko: "makePickupMap(pickupLocation:)이 준비를 마쳤는데도 \(screen)에 “\(notice)”라는 알림이 보인다: "
          + "이 알림은 뷰 모델이 없는 화면에만 보여야 한다")
    }
    if pinAfterRender != Rule.pickupSpot {
      return Localized(
        en: "\(screen) shows the pin at \(Self.text(pinAfterRender)), not at "
          + "\(Self.text(Rule.pickupSpot)), the pickup location makePickupMap(pickupLocation:) was "
          + "given: pass that location on to the view model",
        ko: "\(screen, .subject) 핀을 \(Self.text(pinAfterRender))에 보여 준다. "
          + "makePickupMap(pickupLocation:)이 받은 픽업 장소 \(Self.text(Rule.pickupSpot))가 아니다: "
          + "그 장소를 뷰 모델에 넘겨야 한다")
    }
    return nil
  }

  /// A rule that reads the view model: not checked when the screen kept none, else `failure`.
  func judge(_ failure: Localized?, _ viewModelName: String) -> Rule.Failure? {
    guard viewModel != nil else {
      return .notChecked(
        Localized(
          en:
            "not checked: \(screen) keeps no \(viewModelName) (see the rule that the screen keeps its view model)",
          ko: "확인하지 못했다: \(screen)에 \(viewModelName, .subject) 없다(화면이 뷰 모델을 붙잡아 둔다는 규칙 참고)"))
    }
    return failure.map { Rule.Failure($0, cause: .onTheObjects) }
  }

  func viewModelTellsItsScreen() -> Localized? {
    guard let viewModel else { return nil }
    let dragged = Self.text(Rule.draggedSpot)
    if pinAfterDrag != Rule.draggedSpot, backReference == nil {
      return Localized(
        en: "the rider dragged the pin to \(dragged), and \(screen) shows it at "
          + "\(Self.text(pinAfterDrag)): \(viewModel) refers to no screen, so it could tell "
          + "none; set its reference to the screen after init, once both exist",
        ko: "라이더가 핀을 \(dragged, .toward) 끌었는데 \(screen, .topic) 핀을 "
          + "\(Self.text(pinAfterDrag))에 보여 준다: \(viewModel, .subject) 가리키는 화면이 없으니 "
          + "알릴 곳도 없다. 둘이 모두 만들어진 뒤 init 바깥에서 뷰 모델에 화면을 가리키는 참조를 "
          + "넣어야 한다")
    }
    guard pinAfterDrag == Rule.draggedSpot else {
      return Localized(
        en: "the rider dragged the pin to \(dragged), and \(screen) shows it at "
          + "\(Self.text(pinAfterDrag)): the screen hands the drag to \(viewModel), which "
          + "keeps the pin's place and tells its screen to show it there",
        ko: "라이더가 핀을 \(dragged, .toward) 끌었는데 \(screen, .topic) 핀을 \(Self.text(pinAfterDrag))에 "
          + "보여 준다: 화면은 끌기를 \(viewModel)에 넘기고, 뷰 모델은 핀의 자리를 기억한 뒤 자기 "
          + "화면에 그 자리에 보여 주라고 알려야 한다")
    }
    guard backReference != nil else {
      return Localized(
        en: "\(screen) shows the dragged pin, but \(viewModel) holds no reference to it: the "
          + "screen moved the pin itself; the view model decides where the pin is, so give it "
          + "a reference to its screen, set after init, and have it tell the screen",
        ko: "\(screen, .subject) 끌린 핀을 보여 주지만 \(viewModel, .topic) 화면을 가리키지 않는다: 화면이 핀을 "
          + "스스로 옮겼다. 핀의 자리는 뷰 모델이 정하므로, 뷰 모델에 자기 화면을 가리키는 참조를 "
          + "init 뒤에 넣고 뷰 모델이 화면에 알리게 해야 한다")
    }
    guard pinShownAgain == Rule.draggedSpot else {
      return Localized(
        en: "\(screen) showed the dragged pin at \(dragged), but shown again it puts the pin back "
          + "at \(Self.text(pinShownAgain)): \(viewModel) still has the old place, so the screen "
          + "moved the pin itself; hand the drag to the view model, which keeps the pin's place "
          + "and tells its screen to show it there",
        ko: "\(screen, .subject) 끌린 핀을 \(dragged)에 보여 주었지만, 다시 보이자 핀을 "
          + "\(Self.text(pinShownAgain))에 되돌려 놓는다: \(viewModel, .subject) 아직 예전 자리를 "
          + "갖고 있으니 화면이 핀을 스스로 옮긴 것이다. 끌기를 뷰 모델에 넘기고, 뷰 모델이 핀의 "
          + "자리를 기억한 뒤 자기 화면에 그 자리에 보여 주라고 알리게 해야 한다")
    }
    return nil
  }

  func closingReleasesBoth() -> Localized? {
    guard viewModel != nil else { return nil }
    guard !aliveAfterClose.isEmpty else { return nil }
    let alive = aliveAfterClose.joined(separator: " and ")
    let verb = aliveAfterClose.count == 1 ? "is" : "are"
    let aliveKo = aliveAfterClose.joined(separator: ", ")
    if let cycle = cycleAfterClose {
      let throughAClosure = cycle.contains(ObjectGraph.Link.closureStep)
      let throughAList = cycle.contains("[")
      let weakHint =
        throughAList
        ? ": the screen owns its view model, so the view model's list must not keep its screens: "
          + "keep each in a weak box (a struct with a `weak var`)"
        : throughAClosure
          ? ": the screen owns its view model, so the closure the view model keeps must capture "
            + "the screen weakly (`[weak self]` where the screen makes it, `[weak screen]` elsewhere)"
          : backReferenceIsStrong
            ? ": the screen owns its view model, so make the view model's reference back to its "
              + "screen `weak`"
            : ": break it with a `weak` reference on the side that points back to its owner"
      let weakHintKo =
        throughAList
        ? ": 뷰 모델의 주인은 화면이므로, 뷰 모델의 목록이 화면을 붙잡으면 안 된다. 화면마다 약한 "
          + "상자(`weak var` 하나를 가진 구조체)에 담아야 한다"
        : throughAClosure
          ? ": 뷰 모델의 주인은 화면이므로, 뷰 모델이 붙잡은 클로저는 화면을 약한 참조로 캡처해야 한다"
            + "(화면이 만든 클로저라면 `[weak self]`, 다른 곳이라면 `[weak screen]`)"
          : backReferenceIsStrong
            ? ": 뷰 모델의 주인은 화면이므로, 뷰 모델이 화면을 가리키는 참조를 `weak`으로 바꿔야 한다"
            : ": 주인을 거꾸로 가리키는 쪽을 `weak` 참조로 바꿔 순환을 끊어야 한다"
      return Localized(
        en: "\(alive) \(verb) still alive after the screen closed, kept by the cycle \(cycle)"
          + weakHint + " (a `deinit` that would break the cycle never runs while it keeps both)",
        ko: "화면을 닫은 뒤에도 \(aliveKo, .subject) 살아 있다. 순환 \(Trace.koreanCycle(cycle), .subject) "
          + "붙잡고 있다" + weakHintKo + "(순환을 끊는 `deinit`은 순환이 둘을 붙잡는 동안 실행되지 "
          + "않는다)")
    }
    return Localized(
      en:
        "\(alive) \(verb) still alive after the screen closed, held by nothing the walk reached: a "
        + "`static`, a global, or a closure that captured it strongly keeps it",
      ko: "화면을 닫은 뒤에도 \(aliveKo, .subject) 살아 있다. 탐색이 닿은 어떤 저장 프로퍼티도 붙잡고 있지 "
        + "않으니, `static`이나 전역 변수, 또는 강하게 캡처한 클로저가 붙잡고 있다")
  }

  func namesTheMissingViewModel() -> Localized? {
    if let own = bareViewModel {
      return Localized(
        en: "\(bareScreen), made by MapFramework.makeScreen alone, has a view model of its own, "
          + "\(own), so it never shows without one (see the rule that the screen keeps its view model)",
        ko: "MapFramework.makeScreen이 혼자 만든 \(bareScreen)에 자기 뷰 모델 \(own, .subject) 있어서, "
          + "뷰 모델 없이 보이는 일이 없다(화면이 뷰 모델을 붙잡아 둔다는 규칙 참고)")
    }
    guard let notice = bareNotice else {
      return Localized(
        en: "\(bareScreen), made by MapFramework.makeScreen and shown before its view model was "
          + "set, shows no notice: check for the missing view model (a `guard let`) and say, in "
          + "`notice`, that it was not set",
        ko: "MapFramework.makeScreen이 만들고 뷰 모델을 넣기 전에 보인 \(bareScreen)에 알림이 "
          + "없다: 뷰 모델이 없는지 확인하고(`guard let`), 넣지 않았다는 것을 `notice`로 알려야 한다")
    }
    let words = notice.lowercased().filter { !$0.isWhitespace }
    guard words.contains("viewmodel") || words.contains("뷰모델") else {
      return Localized(
        en: "\(bareScreen), shown before its view model was set, says “\(notice)”: name what "
          + "is missing, its view model, so that whoever reads it knows what was not set",
        ko: "뷰 모델을 넣기 전에 보인 \(bareScreen, .subject) “\(notice)”라고 알린다: 무엇이 빠졌는지, "
          + "곧 뷰 모델이라고 밝혀야 읽는 사람이 무엇을 넣지 않았는지 안다")
    }
    return nil
  }
}
