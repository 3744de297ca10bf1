import Bilingual
import KooberKit
import KooberStory
import ObjectTrace

// MARK: - Exercise 12: the pick-me-up scope

extension Rule {
  /// Exercises 12 and 13's rules, as their check reports them: ``pickMeUp``, then every shared
  /// rule but the story's.
  public static let rides: [Rule] = pickMeUp + shared.filter { $0.id != storyCompletes.id }

  /// Exercise 12's own rules, in the order the checker prints them; its check runs the shared
  /// rules after these (all but ``storyCompletes``, which ``ridesStoryCompletes`` stands for).
  public static let pickMeUp: [Rule] = [
    ridesStoryCompletes, pickMeUpContainer, rideRequestUsesTheSession,
    rideRequestPicksUpWhereTapped, rideRequestReportsToSignedIn, rideOptionsReportToTheirRequest,
    oneViewModelPerRequest,
    oneRideHistoryPerSession, newSessionRideHistoryStartsEmpty, pickMeUpScopeEnds,
  ]

  /// The story, rides included, reaches every step's screen.
  public static let ridesStoryCompletes: Rule = Rule(
    id: storyCompletes.id,
    statement: Localized(
      en: "the story plays to the end: sign up, two ride requests, sign out, sign in, a ride "
        + "request, quit",
      ko: "스토리가 끝까지 진행된다: 가입, 승차 요청 두 번, 로그아웃, 로그인, 승차 요청, 종료")
  ) { recording -> Rule.Failure? in
    guard let failure = recording.failure else { return nil }
    let step = failure.step?.name ?? "?"
    // "Pick me up" opened nothing: the signed-in screens were given no factory for requests.
    let unwired =
      failure.step == .pickMeUp
      && recording.snapshots.contains { snapshot in
        snapshot.step == .pickMeUp
          && snapshot.graph.nodes(of: SignedInViewController.self).contains {
            snapshot.shownScreens.contains($0.id)
              && snapshot.graph.target(of: $0, "pickMeUpViewControllerFactory") == nil
          }
      }
    let detail = Localized(
      en: "it stopped in step \(step): \(failure.description)"
        + (unwired
          ? "; likely cause: the SignedInViewController was made with no "
            + "pickMeUpViewControllerFactory, so \"Pick me up\" opens nothing; fix: pass the "
            + "object that makes ride requests' screens" : ""),
      ko: "\(step) 단계에서 멈췄다: \(failure.message.ko)"
        + (unwired
          ? ". 짐작되는 원인: SignedInViewController를 pickMeUpViewControllerFactory 없이 만들어서 "
            + "\"Pick me up\"을 눌러도 아무것도 열리지 않는다. 고치는 법: 승차 요청 화면을 "
            + "만드는 객체를 넘긴다" : ""))
    return Rule.Failure(detail, cause: .storyStopped)
  }

  /// A container of the pick-me-up scope, a new one per request, is alive while each request is
  /// shown.
  public static let pickMeUpContainer: Rule = Rule(
    id: "pick-me-up-container",
    statement: Localized(
      en: "each ride request has a container of its own, in the pick-me-up scope",
      ko: "승차 요청마다 자기 컨테이너가 있고, 그 컨테이너는 pick-me-up 스코프에 속한다")
  ) { recording in
    var earlier: (request: RideRequestLook, container: String)?
    let looks = RideRequestLook.all(in: recording)
    for request in looks {
      // The book's way (chapter 4): a container made for the request as a local, let go once
      // it made the screens, which keep only what it made. No look meets it, but it was the
      // request's own all the same.
      guard
        let container = request.containers.first
          ?? request.letGoContainer(in: recording, among: looks)
      else {
        let made =
          request.viewModel.map { request.holders(of: $0) }
          ?? Localized(en: "", ko: "")
        // A holder of the view model with no `Lifetime` token: most likely the learner's request
        // container, which the trace sees but cannot tell the scope of.
        if let holder = request.untracedHolders(of: request.viewModel).first,
          let viewModel = request.viewModel
        {
          let type = holder.prefix { $0 != "#" }
          let token =
            "`let lifetime = Lifetime(of: \(type).self, scope: .pickMeUp, role: .container)`"
          return Localized(
            en: "in \(request.step), while \(request.screen) is shown, no object the trace can see "
              + "is a container of the pick-me-up scope; its \(viewModel) is \(made.en); likely "
              + "cause: \(holder) stores no `Lifetime` token, so the trace cannot tell its scope; "
              + "fix: if it is the request's container, give it \(token)",
            ko: "\(request.step)에서 \(request.screen, .subject) 보이는 동안, 트레이스가 알아볼 수 있는 "
              + "pick-me-up 스코프의 컨테이너가 하나도 없다. \(viewModel, .object) \(made.ko). "
              + "짐작되는 원인: \(holder)에 `Lifetime` 토큰이 없어서 트레이스가 그 스코프를 알 수 "
              + "없다. 고치는 법: 그것이 요청의 컨테이너라면 \(token)를 넣는다")
        }
        // A container made for this request whose token names another scope: most likely the
        // learner's request container, its token copied from the signed-in one.
        if let misnamed = request.containerMadeForIt(in: recording, among: looks) {
          let type = misnamed.typeName
          let token =
            "`let lifetime = Lifetime(of: \(type).self, scope: .pickMeUp, role: .container)`"
          return Localized(
            en: "in \(request.step), while \(request.screen) is shown, no container of the "
              + "pick-me-up scope is alive; \(misnamed.id), made for this request, is a container "
              + "whose token says scope \(misnamed.scope.name); fix: if it is the request's "
              + "container, give it \(token)",
            ko: "\(request.step)에서 \(request.screen, .subject) 보이는 동안 pick-me-up 스코프의 "
              + "컨테이너가 하나도 살아 있지 않다. 이 요청을 위해 만든 \(misnamed.id, .topic) 토큰에 "
              + "스코프가 \(misnamed.scope.name, .toward) 적힌 컨테이너다. 고치는 법: 그것이 요청의 "
              + "컨테이너라면 \(token)를 넣는다")
        }
        return Localized(
          en: "in \(request.step), while \(request.screen) is shown, no container of the "
            + "pick-me-up scope is alive"
            + (request.viewModel.map { "; its \($0) is \(made.en)" } ?? "")
            + "; likely cause: the request's objects are made by a longer-lived container, or "
            + "the request's container stores no `Lifetime(of: …, scope: .pickMeUp, role: "
            + ".container)`; fix: give each request a container of its own that the request's "
            + "screens keep",
          ko: "\(request.step)에서 \(request.screen, .subject) 보이는 동안 pick-me-up 스코프의 컨테이너가 "
            + "하나도 살아 있지 않다"
            + (request.viewModel.map { ". \($0, .object) \(made.ko)" } ?? "")
            + ". 짐작되는 원인: 요청의 객체를 더 오래 사는 컨테이너가 만들거나, 요청의 컨테이너에 "
            + "`Lifetime(of: …, scope: .pickMeUp, role: .container)`가 없다. 고치는 법: 요청마다 "
            + "자기 컨테이너를 주고, 요청의 화면들이 그 컨테이너를 붙잡게 한다")
      }
      // The request's view model in a longer-lived runtime container's cache: the session's
      // container made it, whatever the word.
      if let viewModel = request.viewModel, let madeBy = request.longerLivedCache(of: viewModel) {
        let scope = madeBy.scope
        return Localized(
          en: "in \(request.step), \(viewModel) is made by \(madeBy.from) (\(scope)), whose "
            + "\(madeBy.label) refers to it, not by the request's container \(container): the "
            + "request's view model is registered in a longer-lived container; fix: register "
            + "PickMeUpViewModel in the request's container, in `register(in:pickupLocation:)`",
          ko: "\(request.step)에서 \(viewModel, .subject) 요청의 컨테이너 \(container)가 아니라 "
            + "\(madeBy.from)(\(scope))에서 만들어졌다(\(madeBy.label, .subject) 가리킨다). 요청의 뷰 모델이 "
            + "더 오래 사는 컨테이너에 등록되어 있다. 고치는 법: PickMeUpViewModel을 "
            + "`register(in:pickupLocation:)`에서 요청의 컨테이너에 등록한다")
      }
      if let earlier, earlier.request.number != request.number,
        earlier.container == container
      {
        return Localized(
          en: "in \(request.step), ride request \(request.number) is served by \(container), "
            + "the container of request \(earlier.request.number): one container serves every "
            + "request, so a request's objects outlive it",
          ko: "\(request.step)에서 \(request.number)번 승차 요청을 \(container, .subject) 맡는데, "
            + "이것은 \(earlier.request.number)번 요청의 컨테이너다: 컨테이너 하나가 모든 요청을 "
            + "맡으면 요청의 객체가 요청보다 오래 산다")
      }
      earlier = (request, container)
    }
    return nil
  }

  /// The request is for the session the signed-in screens show.
  public static let rideRequestUsesTheSession: Rule = Rule(
    id: "ride-request-uses-the-session",
    statement: Localized(
      en: "each ride request is for the session the signed-in screens show",
      ko: "승차 요청은 모두 로그인 후 화면이 보여 주는 세션을 쓴다")
  ) { recording in
    for request in RideRequestLook.all(in: recording) {
      guard let viewModel = request.viewModel else { continue }
      let session = request.graph.target(of: viewModel, "userSession")
      if session != request.signedInSession {
        return Localized(
          en: "in \(request.step), \(viewModel).userSession is \(session ?? "nothing"), but "
            + "\(request.signedInScreen ?? "the signed-in screen") shows "
            + "\(request.signedInSession ?? "nothing"); likely cause: the request's container "
            + "made or read a session of its own; fix: pass the signed-in container's session "
            + "down to the request's container",
          ko: "\(request.step)에서 \(viewModel).userSession이 가리키는 세션"
            + "(\(session ?? "없음"))은 \(request.signedInScreen ?? "로그인 후 화면", .subject) "
            + "보여 주는 세션(\(request.signedInSession ?? "없음"))이 아니다. 짐작되는 원인: 요청의 "
            + "컨테이너가 세션을 따로 만들거나 읽어 왔다. 고치는 법: 로그인 후 컨테이너의 세션을 "
            + "요청의 컨테이너에 넘긴다")
      }
    }
    return nil
  }

  /// The request's view model has the location "Pick me up" was tapped at: the request's own
  /// context, passed down, not one made up where the location is not known.
  public static let rideRequestPicksUpWhereTapped: Rule = Rule(
    id: "ride-request-picks-up-where-tapped",
    statement: Localized(
      en: "each ride request picks the rider up where \"Pick me up\" was tapped",
      ko: "승차 요청은 모두 \"Pick me up\"을 누른 곳에서 사용자를 태운다")
  ) { recording in
    let tappedAt = "pickMeUp(pickupLocation: "
    // Where each earlier request was tapped: a view model with one of those locations was made
    // for that request, and is reused.
    var earlierTaps: [(number: Int, location: String, viewModel: String, container: String?)] = []
    for request in RideRequestLook.all(in: recording) {
      guard let viewModel = request.viewModel, let signedIn = request.signedInViewModel,
        let view = request.graph.node(signedIn)?.fields.first(where: { $0.label == "view" })?.text,
        view.hasPrefix(tappedAt), view.hasSuffix(")"),
        let given = request.graph.node(viewModel)?.fields.first(where: {
          $0.label == "pickupLocation"
        })?.text
      else { continue }
      let tapped = String(view.dropFirst(tappedAt.count).dropLast())
      if !earlierTaps.contains(where: { $0.number == request.number }) {
        earlierTaps.append((request.number, tapped, viewModel, request.containers.first))
      }
      guard given != tapped else { continue }
      if let earlier = earlierTaps.first(where: { earlier in
        earlier.number != request.number && earlier.location == given
          && (earlier.viewModel == viewModel
            || (earlier.container != nil && earlier.container == request.containers.first))
      }) {
        return Localized(
          en: "in \(request.step), ride request \(request.number) shows \(viewModel), whose "
            + "pickupLocation \(given) is where request \(earlier.number) was tapped, not \(tapped) "
            + "(\(signedIn).view); likely cause: the view model, or the container that made it, "
            + "was made for request \(earlier.number) and is reused; fix: give each request a "
            + "container and a view model of its own, made with the location of its own tap",
          ko: "\(request.step)에서 \(request.number)번 승차 요청이 보여 주는 \(viewModel)의 "
            + "pickupLocation \(given)은 \(earlier.number)번 요청에서 \"Pick me up\"을 누른 곳이고, 이번에 누른 "
            + "\(tapped)(\(signedIn).view)가 아니다. 짐작되는 원인: 뷰 모델이나 그것을 만든 컨테이너가 "
            + "\(earlier.number)번 요청 때 만들어져 다시 쓰인다. 고치는 법: 요청마다 자기 컨테이너와 뷰 "
            + "모델을 주고, 그 요청에서 누른 위치로 만든다")
      }
      let parameter =
        recording.trace.chapter == 6
        ? "`register(in:pickupLocation:)`" : "`makePickMeUpViewController(pickupLocation:)`"
      // Registered in a container the tapped location never reaches (chapter 6's signed-in one):
      // the registration has to move, not only the location.
      if let registeredIn = request.longerLivedCache(of: viewModel) {
        let scope = registeredIn.scope
        return Localized(
          en: "in \(request.step), \(viewModel).pickupLocation is \(given), but the rider tapped "
            + "\"Pick me up\" at \(tapped) (\(signedIn).view); likely cause: PickMeUpViewModel is "
            + "registered in \(registeredIn.from) (\(scope)), which no tapped location reaches; "
            + "fix: register it in the request's container, in \(parameter), with the "
            + "`pickupLocation` it receives",
          ko: "\(request.step)에서 \(viewModel).pickupLocation은 \(given)인데, 사용자는 \(tapped)에서 "
            + "\"Pick me up\"을 눌렀다(\(signedIn).view). 짐작되는 원인: PickMeUpViewModel이 누른 위치가 "
            + "닿지 않는 \(registeredIn.from)(\(scope))에 등록되어 있다. 고치는 법: \(parameter)에서 "
            + "요청의 컨테이너에 등록하고, 그 함수가 받는 `pickupLocation`을 쓴다")
      }
      return Localized(
        en: "in \(request.step), \(viewModel).pickupLocation is \(given), but the rider tapped "
          + "\"Pick me up\" at \(tapped) (\(signedIn).view); likely cause: the request's view "
          + "model was given a location of its own, not the one \(parameter) receives; fix: pass "
          + "that `pickupLocation` down to the request's view model",
        ko: "\(request.step)에서 \(viewModel).pickupLocation은 \(given)인데, 사용자는 \(tapped)에서 "
          + "\"Pick me up\"을 눌렀다(\(signedIn).view). 짐작되는 원인: 요청의 뷰 모델이 \(parameter)가 "
          + "받는 위치가 아니라 따로 정한 위치를 받았다. 고치는 법: 그 `pickupLocation`을 요청의 뷰 "
          + "모델까지 넘긴다")
    }
    return nil
  }

  /// The request ends by telling the signed-in screens' view model.
  public static let rideRequestReportsToSignedIn: Rule = Rule(
    id: "ride-request-reports-to-signed-in",
    statement: Localized(
      en: "each ride request reports its end to the signed-in screens' SignedInViewModel",
      ko: "승차 요청은 끝나면 로그인 후 화면의 SignedInViewModel에 알린다")
  ) { recording in
    for request in RideRequestLook.all(in: recording) {
      guard let viewModel = request.viewModel else { continue }
      let responder = request.graph.target(of: viewModel, "doneRequestingRideResponder")
      if responder != request.signedInViewModel {
        return Localized(
          en: "in \(request.step), \(viewModel).doneRequestingRideResponder is "
            + "\(responder ?? "not a traced object"), but "
            + "\(request.signedInScreen ?? "the signed-in screen") shows "
            + "\(request.signedInViewModel ?? "nothing"): the request's end would go to an "
            + "object no screen watches; fix: pass the signed-in container's SignedInViewModel",
          ko: "\(request.step)에서 \(viewModel).doneRequestingRideResponder가 가리키는 응답자"
            + "(\(responder ?? "트레이스된 객체가 아님"))는 "
            + "\(request.signedInScreen ?? "로그인 후 화면", .subject) 보여 주는 뷰 모델"
            + "(\(request.signedInViewModel ?? "없음"))이 아니다: 요청이 끝났다는 알림이 어느 "
            + "화면도 지켜보지 않는 객체로 간다. 고치는 법: 로그인 후 컨테이너의 "
            + "SignedInViewModel을 넘긴다")
      }
    }
    return nil
  }

  /// Within one request, the ride options tell that request's view model.
  public static let rideOptionsReportToTheirRequest: Rule = Rule(
    id: "ride-options-report-to-their-request",
    statement: Localized(
      en: "the ride options tell their own request's PickMeUpViewModel",
      ko: "차량 옵션 화면은 자기 요청의 PickMeUpViewModel에 알린다")
  ) { recording in
    for request in RideRequestLook.all(in: recording) {
      guard let viewModel = request.viewModel, let picker = request.pickerViewModel else {
        continue
      }
      let responder = request.graph.target(of: picker, "rideOptionDeterminedResponder")
      if responder != viewModel {
        // The cause and the fix in the approach's own words: a runtime container's scope word
        // (exercise 13), or a hand-written container's `let` (exercise 12).
        let registered = recording.trace.chapter == 6
        let cause =
          registered
          ? Localized(
            en: "PickMeUpViewModel is registered `.transient` or `.graph` (the default), so the "
              + "ride options' later resolve makes a second one; fix: register it `.container` in "
              + "the request's container, one per request",
            ko: "PickMeUpViewModel이 `.transient`나 `.graph`(기본값)로 등록되어 있어서, 차량 옵션 "
              + "화면이 나중에 resolve할 때 하나가 더 만들어진다. 고치는 법: 요청의 컨테이너에 "
              + "`.container`로 등록해서 요청마다 하나만 두게 한다")
          : Localized(
            en: "the ride options were given a PickMeUpViewModel made for them, not the request's "
              + "own; fix: give them the one the request's screen shows, made once per request "
              + "(in the request container's init, kept in a `let`)",
            ko: "차량 옵션 화면이 요청의 뷰 모델이 아니라 따로 만든 PickMeUpViewModel을 받았다. 고치는 "
              + "법: 요청의 화면이 보여 주는 뷰 모델을 넘긴다. 그 뷰 모델은 요청마다 한 번, 요청 "
              + "컨테이너의 init에서 만들어 `let`에 보관한다")
        return Localized(
          en: "in \(request.step), \(picker).rideOptionDeterminedResponder is "
            + "\(responder ?? "not a traced object"), but \(request.screen) shows \(viewModel): "
            + "the ride picked goes to a request no screen shows; likely cause: \(cause.en)",
          ko: "\(request.step)에서 \(picker).rideOptionDeterminedResponder가 가리키는 응답자"
            + "(\(responder ?? "트레이스된 객체가 아님"))는 \(request.screen, .subject) 보여 주는 "
            + "\(viewModel, .subject) 아니다: 고른 차량이 어느 화면도 보여 주지 않는 요청으로 간다. "
            + "짐작되는 원인: \(cause.ko)")
      }
    }
    return nil
  }

  /// Two requests never share a view model.
  public static let oneViewModelPerRequest: Rule = Rule(
    id: "one-view-model-per-request",
    statement: Localized(
      en: "each ride request has a PickMeUpViewModel of its own",
      ko: "승차 요청마다 자기 PickMeUpViewModel이 따로 있다")
  ) { recording in
    var first: RideRequestLook?
    for request in RideRequestLook.all(in: recording) {
      guard let viewModel = request.viewModel else { continue }
      guard let earlier = first, earlier.number != request.number else {
        first = first ?? request
        continue
      }
      if earlier.viewModel == viewModel {
        // One request container serving both: it is the mistake, not where the view model is made.
        if let shared = request.containers.first, earlier.containers.first == shared {
          return Localized(
            en: "in \(request.step), ride request \(request.number) shows \(viewModel), the view "
              + "model of request \(earlier.number): \(request.holders(of: viewModel).en); likely "
              + "cause: one container, \(shared), serves both requests and keeps it; fix: give "
              + "each request a container of its own",
            ko: "\(request.step)에서 \(request.number)번 승차 요청이 "
              + "\(earlier.number)번 요청의 뷰 모델 \(viewModel, .object) 보여 준다. "
              + "\(request.holders(of: viewModel).ko). 짐작되는 원인: 컨테이너 하나(\(shared))가 두 "
              + "요청을 모두 맡으며 뷰 모델을 붙잡고 있다. 고치는 법: 요청마다 자기 컨테이너를 준다")
        }
        return Localized(
          en: "in \(request.step), ride request \(request.number) shows \(viewModel), the view "
            + "model of request \(earlier.number): \(request.holders(of: viewModel).en); "
            + "likely cause: it is kept by a container that outlives one request; fix: make it "
            + "in the request's own container",
          ko: "\(request.step)에서 \(request.number)번 승차 요청이 "
            + "\(earlier.number)번 요청의 뷰 모델 \(viewModel, .object) 보여 준다. "
            + "\(request.holders(of: viewModel).ko). 짐작되는 원인: 요청 하나보다 오래 사는 컨테이너가 "
            + "붙잡고 있다. 고치는 법: 요청 자신의 컨테이너에서 만든다")
      }
    }
    return nil
  }

  /// Every request of the session records its ride in the same history: one per session, not
  /// per request. (That it goes at sign-out is ``signedInScopeEnds``: its token says signed-in.)
  public static let oneRideHistoryPerSession: Rule = Rule(
    id: "one-ride-history-per-session",
    statement: Localized(
      en: "every ride request of a session records its ride in one RideHistory",
      ko: "한 세션의 승차 요청은 모두 RideHistory 하나에 차량을 기록한다")
  ) { recording in
    var first: (request: RideRequestLook, history: String)?
    for request in RideRequestLook.all(in: recording) where request.session == 1 {
      guard let viewModel = request.viewModel,
        let history = request.graph.target(of: viewModel, "rideHistory")
      else { continue }
      guard let earlier = first else {
        first = (request, history)
        continue
      }
      guard earlier.request.number != request.number, earlier.history != history else {
        continue
      }
      // Who keeps the second history says how it was made: a request's container (its cache or
      // its `let`), or nobody but the request's view model (a new one on each resolve or call).
      let keeper = request.graph.references.first { reference in
        reference.to == history && reference.holds && reference.from != viewModel
          && request.graph.node(reference.from)?.record?.scope == .pickMeUp
      }
      let registered = recording.trace.chapter == 6
      // A `.weak` registration's cache refers to the history without keeping it.
      let weakCache = request.graph.references.first { reference in
        reference.to == history && !reference.holds
          && reference.label.hasPrefix(Self.runtimeContainerWeakCache + "[")
      }
      // A hand-written `weak var` that refers to it without keeping it.
      let weakly = request.graph.references.first { reference in
        reference.to == history && !reference.holds
          && !reference.label.hasPrefix(Self.runtimeContainerWeakCache + "[")
      }
      let weakScope = weakCache.flatMap { request.graph.node($0.from)?.record?.scope.name }
      let weakInARequest =
        weakCache.flatMap { request.graph.node($0.from)?.record?.scope } == .pickMeUp
      let cause: Localized =
        switch (registered, keeper) {
        case (true, nil) where weakInARequest:
          Localized(
            en: "RideHistory is registered in the request's container (\(weakCache?.from ?? ""), "
              + "pick-me-up), `.weak`, so each request's container makes its own; fix: register "
              + "it `.container` in the signed-in container, and let the request resolve it from "
              + "there",
            ko: "RideHistory가 요청의 컨테이너(\(weakCache?.from ?? ""), pick-me-up)에 `.weak`로 등록되어 "
              + "있어서, 요청의 컨테이너마다 따로 만든다. 고치는 법: 로그인 후 컨테이너에 "
              + "`.container`로 등록하고, 요청은 거기서 resolve하게 한다")
        case (true, nil) where weakCache != nil:
          Localized(
            en: "RideHistory is registered `.weak` in \(weakCache?.from ?? "a container")"
              + (weakScope.map { " (\($0))" } ?? "") + ", and "
              + "between two requests nothing but a request's view model keeps it, so each "
              + "request's resolve makes a new one; fix: register it `.container` "
              + (weakScope == LifetimeScope.signedIn.name ? "there" : "in the signed-in container"),
            ko: "RideHistory가 \(weakCache?.from ?? "컨테이너")" + (weakScope.map { "(\($0))" } ?? "")
              + "에 `.weak`로 등록되어 있는데, 요청과 요청 "
              + "사이에는 요청의 뷰 모델 말고 붙잡는 곳이 없어서 요청이 resolve할 때마다 새로 "
              + "만들어진다. 고치는 법: "
              + (weakScope == LifetimeScope.signedIn.name ? "거기에" : "로그인 후 컨테이너에")
              + " `.container`로 등록한다")
        case (true, let keeper?):
          Localized(
            en: "RideHistory is registered in the request's container (\(keeper.from), "
              + "pick-me-up), so each request's container makes its own; fix: register it "
              + "`.container` in the signed-in container, and let the request resolve it from "
              + "there",
            ko: "RideHistory가 요청의 컨테이너(\(keeper.from), pick-me-up)에 등록되어 있어서, 요청의 "
              + "컨테이너마다 따로 만든다. 고치는 법: 로그인 후 컨테이너에 `.container`로 등록하고, "
              + "요청은 거기서 resolve하게 한다")
        case (true, nil):
          Localized(
            en: "RideHistory is registered `.transient` or `.graph` (the default), so each "
              + "request's resolve makes a new one; fix: register it `.container` in the "
              + "signed-in container",
            ko: "RideHistory가 `.transient`나 `.graph`(기본값)로 등록되어 있어서, 요청이 resolve할 "
              + "때마다 새로 만들어진다. 고치는 법: 로그인 후 컨테이너에 `.container`로 등록한다")
        case (false, _) where weakly != nil:
          Localized(
            en: "\(weakly.map { "\($0.from).\($0.label)" } ?? "") refers to the history `weak`ly, "
              + "and between two requests nothing else keeps it, so it is gone and made anew "
              + "for each request; fix: keep it in a `let` of the signed-in container, a strong "
              + "reference, made once per session",
            ko: "\(weakly.map { "\($0.from).\($0.label)" } ?? "", .subject) 기록을 `weak`로 가리키는데, "
              + "요청과 요청 사이에는 다른 곳이 붙잡지 않아서 기록이 사라지고 요청마다 새로 만들어진다. "
              + "고치는 법: 로그인 후 컨테이너의 `let`에, 곧 강한 참조로 두고 세션마다 한 번 만든다")
        case (false, let keeper?):
          Localized(
            en: "each request's container keeps a RideHistory of its own "
              + "(\(keeper.from).\(keeper.label)), made per request; fix: make it once per "
              + "session, in the signed-in container, and pass that one to each request's "
              + "container",
            ko: "요청의 컨테이너마다 자기 RideHistory를 붙잡고 있다(\(keeper.from).\(keeper.label)). "
              + "요청마다 새로 만들었기 때문이다. 고치는 법: 세션마다 한 번, 로그인 후 컨테이너에서 "
              + "만들고 그것을 요청의 컨테이너마다 넘긴다")
        case (false, nil):
          Localized(
            en: "a new RideHistory is made for each request; fix: make it once per session, in "
              + "the signed-in container, and pass it to each request's container",
            ko: "요청마다 RideHistory를 새로 만든다. 고치는 법: 세션마다 한 번, 로그인 후 "
              + "컨테이너에서 만들고 요청의 컨테이너마다 넘긴다")
        }
      let held = request.holders(of: history)
      return Localized(
        en: "in \(request.step), ride request \(request.number) is given \(history) to record in "
          + "(\(held.en)), but request \(earlier.request.number) was given "
          + "\(earlier.history): each request starts an empty history, so none suggests the last "
          + "ride sent; likely cause: \(cause.en)",
        ko: "\(request.step)에서 \(request.number)번 승차 요청은 기록할 곳으로 \(history, .object) 받았는데"
          + "(\(held.ko)), \(earlier.request.number)번 요청은 \(earlier.history, .object) 받았다: "
          + "요청마다 빈 기록으로 시작하니 어느 요청도 마지막으로 보낸 차량을 제안하지 못한다. "
          + "짐작되는 원인: \(cause.ko)")
    }
    return nil
  }

  /// A request of the session signed in again records in a history of its own: the last
  /// session's history, and the rides in it, are not the new rider's.
  public static let newSessionRideHistoryStartsEmpty: Rule = Rule(
    id: "new-session-ride-history-starts-empty",
    statement: Localized(
      en: "a ride request after signing in again finds an empty RideHistory, not the last "
        + "session's",
      ko: "다시 로그인한 뒤의 승차 요청은 지난 세션의 기록이 아니라 빈 RideHistory를 받는다")
  ) { recording in
    let looks = RideRequestLook.all(in: recording)
    let earlier = Set(
      looks.filter { $0.session == 1 }.compactMap { look in
        look.viewModel.flatMap { look.graph.target(of: $0, "rideHistory") }
      })
    for request in looks where request.session == 2 {
      guard let viewModel = request.viewModel,
        let history = request.graph.target(of: viewModel, "rideHistory"),
        earlier.contains(history)
      else { continue }
      let rides =
        request.graph.node(history)?.fields.first { $0.label == "sentRides" }?.text ?? "[]"
      // What keeps it across the sessions: an object of a longer-lived scope that stores it.
      let keeper = request.graph.references.first { reference in
        reference.to == history && reference.holds && reference.from != viewModel
          && ![.signedIn, .pickMeUp].contains(request.graph.node(reference.from)?.record?.scope)
      }
      let registered = recording.trace.chapter == 6
      let fix: Localized =
        registered
        ? Localized(
          en: "register it `.container` in the signed-in container, which each sign-in makes "
            + "anew",
          ko: "로그인할 때마다 새로 만들어지는 로그인 후 컨테이너에 `.container`로 등록한다")
        : Localized(
          en: "make it in the signed-in container, which each sign-in makes anew, and pass it "
            + "down to each request's container",
          ko: "로그인할 때마다 새로 만들어지는 로그인 후 컨테이너에서 만들고, 요청의 컨테이너마다 "
            + "넘긴다")
      let cause: Localized =
        if let keeper, registered, keeper.label.hasPrefix(Self.runtimeContainerCache + "[") {
          Localized(
            en: "RideHistory is registered `.container` in \(keeper.from), which outlives the "
              + "session",
            ko: "RideHistory가 세션보다 오래 사는 \(keeper.from)에 `.container`로 등록되어 있다")
        } else if let keeper {
          Localized(
            en: "\(keeper.from).\(keeper.label) keeps it, and outlives the session",
            ko: "세션보다 오래 사는 \("\(keeper.from).\(keeper.label)", .subject) 붙잡고 있다")
        } else {
          Localized(
            en: "something that outlives the session keeps it (a `static` or global, or a "
              + "longer-lived container, which the trace sees from no root)",
            ko: "세션보다 오래 사는 무언가가 붙잡고 있다(`static`이나 전역 변수, 또는 더 오래 사는 "
              + "컨테이너인데, 트레이스는 어느 루트에서도 그것을 보지 못한다)")
        }
      return Localized(
        en: "in \(request.step), ride request \(request.number), the first after signing in "
          + "again, is given \(history) (\(request.holders(of: history).en)), the last session's "
          + "history, with sentRides \(rides): the new rider is offered the last session's rides; "
          + "likely cause: \(cause.en); fix: \(fix.en)",
        ko: "\(request.step)에서 다시 로그인한 뒤 첫 요청인 \(request.number)번 승차 요청이 지난 세션의 "
          + "기록 \(history, .object) 받았다(\(request.holders(of: history).ko)). sentRides가 "
          + "\(rides)라서 새로 로그인한 사용자에게 지난 세션의 차량을 제안한다. 짐작되는 원인: "
          + "\(cause.ko). 고치는 법: \(fix.ko)")
    }
    return nil
  }

  /// Nothing of a request is alive once it has ended.
  public static let pickMeUpScopeEnds: Rule = Rule(
    id: "pick-me-up-scope-ends",
    statement: Localized(
      en: "a ride request's objects are released when it ends",
      ko: "승차 요청의 객체는 요청이 끝날 때 해제된다"),
    findingKind: .stale
  ) { recording -> Rule.Failure? in
    // Checked where the second request has ended: the end of send-ride.
    let name = StoryStep.sendRide.name
    guard let step = recording.step(.sendRide),
      recording.failure?.step != .pickMeUp, recording.failure?.step != .sendRide
    else {
      return .notChecked(
        Localized(
          en: "not checked: the story stopped before both ride requests ended",
          ko: "검사하지 못했다: 두 승차 요청이 끝나기 전에 스토리가 멈췄다"))
    }
    guard
      let (cause, others, all) = step.staleObjects(
        of: LifetimeScope.pickMeUp.name, in: recording)
    else { return nil }
    // The cause and fix name what the learner wrote: the property outside the request that
    // stores it, and whether it is the request's container itself.
    let keeper = step.edges.first { $0.to == cause && $0.holds && !all.contains($0.from) }
    let isContainer = step.holders.contains { $0.heldBy.contains(cause) }
    let holders = step.holders(of: cause)
    // Whether it is a container, as a look met it while the request was shown.
    let causeRecord = recording.snapshots.lazy.compactMap { $0.graph.node(cause)?.record }.first
    let causeIsAContainer = causeRecord?.role == .container
    // Whether it is one of the request's screens, which only what shows it should keep.
    let screens = [PickMeUpViewController.self, RideOptionPickerViewController.self].map {
      String(describing: $0)
    }
    let causeIsAScreen = causeRecord.map { screens.contains($0.typeName) } ?? false
    let advice: Localized =
      switch (keeper, isContainer) {
      case (nil, _) where holders.cycle.flatMap(Self.closureInCycle) != nil:
        Self.closureCycleAdvice(
          at: holders.cycle.flatMap(Self.closureInCycle) ?? "",
          registered: recording.trace.chapter == 6)
      case (nil, _) where holders.cycle != nil:
        // Nothing outside the request keeps it: its own objects hold each other.
        Localized(
          en: "likely cause: the request's own objects hold each other in a cycle, so nothing "
            + "releases them when its screen goes; fix: break the cycle: do not store in the "
            + "request's container a screen that keeps that container (make the screen on each "
            + "call, and let only the request's screens keep the container)",
          ko: "짐작되는 원인: 요청의 객체들이 순환 참조로 서로 붙잡고 있어서, 요청 화면이 사라져도 아무것도 "
            + "해제되지 않는다. 고치는 법: 순환을 끊는다. 요청 컨테이너를 붙잡는 화면을 그 컨테이너에 "
            + "저장하지 말고(부를 때마다 화면을 만든다), 요청의 화면들만 그 컨테이너를 붙잡게 한다")
      case (let keeper?, true):
        Localized(
          en: "likely cause: \(keeper.place) stores the request's container; fix: do not "
            + "store it there: hand it to the request's screens, which keep it",
          ko: "짐작되는 원인: \(Trace.koreanPlace(keeper.place), .subject) 요청의 컨테이너를 저장한다. "
            + "고치는 법: 거기에 저장하지 말고 요청의 화면들에 넘겨, 화면들이 붙잡게 한다")
      case (let keeper?, false) where causeIsAScreen:
        Localized(
          en: "likely cause: \(keeper.place) stores the request's screen, and outlives the "
            + "request; fix: do not store it there: return the screen to the signed-in screen, "
            + "which alone keeps it while it is shown",
          ko: "짐작되는 원인: 요청보다 오래 사는 \(Trace.koreanPlace(keeper.place), .subject) 요청의 "
            + "화면을 저장한다. 고치는 법: 거기에 저장하지 말고 화면을 돌려주기만 해서, 그 화면을 "
            + "보여 주는 로그인 후 화면만 보이는 동안 붙잡게 한다")
      case (let keeper?, false):
        Localized(
          en: "likely cause: \(keeper.place) stores it, and outlives the request; fix: do not "
            + "store it there: only the request's own container keeps it, and only the "
            + "request's screens keep that container",
          ko: "짐작되는 원인: 요청보다 오래 사는 \(Trace.koreanPlace(keeper.place), .subject) 이 객체를 "
            + "저장한다. 고치는 법: 거기에 저장하지 말고, 요청 자신의 컨테이너만 이 객체를 붙잡고 "
            + "요청의 화면들만 그 컨테이너를 붙잡게 한다")
      case (nil, _) where causeIsAContainer:
        // The request's container itself, and no stored reference the walk read keeps it.
        Localized(
          en: "likely cause: something the walk does not see keeps the request's container (a "
            + "`static` or global, or a closure outside these objects); fix: keep no reference to "
            + "it outside the request's screens",
          ko: "짐작되는 원인: 트레이서가 따라가지 못한 무언가(`static`이나 전역 변수, 또는 이 객체들 밖의 "
            + "클로저)가 요청의 컨테이너를 붙잡고 있다. 고치는 법: 요청의 화면들 밖에서는 그 컨테이너를 "
            + "가리키지 않는다")
      case (nil, _):
        Localized(
          en: "likely cause: a container that outlives a request keeps it; fix: make it in the "
            + "request's own container, which only the request's screens keep",
          ko: "짐작되는 원인: 요청보다 오래 사는 컨테이너가 붙잡고 있다. 고치는 법: 요청 자신의 "
            + "컨테이너에서 만들고, 요청의 화면들만 그 컨테이너를 붙잡게 한다")
      }
    let detail = Localized(
      en: "\(cause) is still alive at the end of \(name), when both ride requests have ended, "
        + "\(holders.text.en)"
        + (others.isEmpty ? "" : " (also alive: \(others.joined(separator: ", ")))")
        + "; \(advice.en)",
      ko: "두 승차 요청이 모두 끝난 \(name) 단계의 끝에도 \(cause, .subject) 살아 있다. "
        + holders.text.ko
        + (others.isEmpty ? "" : " (함께 살아 있는 객체: \(others.joined(separator: ", ")))")
        + ". \(advice.ko)")
    return Rule.Failure(detail, cause: holders.isChained ? .onTheObjects : .noChain)
  }
}

extension Rule {
  /// The stored closure of a cycle, `Holder#1.label`, when the cycle runs through one.
  static func closureInCycle(_ cycle: String) -> String? {
    let step = ObjectGraph.Link.closureStep
    return cycle.components(separatedBy: " → ").first { $0.hasSuffix(step) }.map {
      String($0.dropLast(step.count))
    }
  }

  /// The cause and fix of a request kept by a cycle through the closure at `place`: what it
  /// captured stores it. In a registration (`registered`), the closure's own resolver is the fix.
  static func closureCycleAdvice(at place: String, registered: Bool) -> Localized {
    let fix =
      registered
      ? Localized(
        en: "use the `resolver` the registration's closure is given, not a container it captures",
        ko: "등록 클로저가 캡처한 컨테이너가 아니라, 클로저가 받는 `resolver`를 쓴다")
      : Localized(
        en: "capture it `[unowned self]` (or `[weak self]`) in that closure, or do not store the "
          + "closure",
        ko: "그 클로저에서 `[unowned self]`(또는 `[weak self]`)로 캡처하거나, 클로저를 저장하지 않는다")
    return Localized(
      en: "likely cause: the closure in \(place) captures strongly what stores it, so the "
        + "request's objects hold each other and nothing releases them when its screen goes; fix: "
        + fix.en,
      ko: "짐작되는 원인: \(place)의 클로저가 자신을 저장한 객체를 강하게 캡처해서, 요청의 객체들이 서로 "
        + "붙잡고 있고 요청 화면이 사라져도 아무것도 해제되지 않는다. 고치는 법: " + fix.ko)
  }
}

// MARK: - One ride request, as a look saw it

/// A moment of `pick-me-up` with a ride request's screen shown: what the rules read.
@MainActor
struct RideRequestLook {
  /// 1 and 2 for the requests of `pick-me-up` (the second sent in `send-ride`), 3 for
  /// `new-session-ride`'s.
  let number: Int
  let step: StoryStep
  /// 1 for the requests of the session signed up, 2 for the one signed in again.
  var session: Int { step == .newSessionRide ? 2 : 1 }
  let graph: ObjectGraph
  /// The shown PickMeUpViewController.
  let screen: String
  let viewModel: String?
  let pickerViewModel: String?
  let signedInScreen: String?
  let signedInSession: String?
  let signedInViewModel: String?
  /// The traced containers of the pick-me-up scope alive at this look.
  let containers: [String]

  /// Every look at a shown request, numbered by request: a request is a run of looks that show
  /// a PickMeUpViewController.
  static func all(in recording: StoryRecording) -> [RideRequestLook] {
    var looks: [RideRequestLook] = []
    var number = 0
    var showing = false
    for snapshot in recording.snapshots
    where [.pickMeUp, .sendRide, .newSessionRide].contains(snapshot.step) {
      let graph = snapshot.graph
      guard
        let screen = graph.nodes(of: PickMeUpViewController.self).first(where: {
          snapshot.shownScreens.contains($0.id)
        })
      else {
        showing = false
        continue
      }
      if !showing { number += 1 }
      showing = true
      let signedIn = graph.nodes(of: SignedInViewController.self).first {
        snapshot.shownScreens.contains($0.id)
      }
      looks.append(
        RideRequestLook(
          number: number, step: snapshot.step, graph: graph, screen: screen.id,
          viewModel: graph.target(of: screen, "viewModel"),
          pickerViewModel: graph.target(
            of: graph.target(of: screen, "rideOptionPickerViewController"), "viewModel"),
          signedInScreen: signedIn?.id,
          signedInSession: signedIn.flatMap { graph.target(of: $0, "userSession") },
          signedInViewModel: signedIn.flatMap { graph.target(of: $0, "viewModel") },
          containers: graph.nodes.compactMap { node in
            guard let record = node.record, record.role == .container,
              record.scope == .pickMeUp
            else { return nil }
            return record.id
          }))
    }
    return looks
  }

  /// A container of the pick-me-up scope that no look met, made for this request: the
  /// request's container, made and let go in one call (the book's way); `nil` when none was.
  func letGoContainer(in recording: StoryRecording, among looks: [RideRequestLook]) -> String? {
    containersMadeForIt(in: recording, among: looks).last { $0.scope == .pickMeUp }?.id
  }

  /// A traced container of a scope other than pick-me-up, made for this request: a request
  /// container whose token names the wrong scope; `nil` when none was.
  func containerMadeForIt(in recording: StoryRecording, among looks: [RideRequestLook])
    -> LifetimeRegistry.Record?
  {
    containersMadeForIt(in: recording, among: looks).last {
      $0.isTraced && $0.scope != .pickMeUp
    }
  }

  /// The containers the run made after the view model of the request before this one and
  /// before this request's own view model, in creation order (a record's `index` is its place
  /// in `records`).
  private func containersMadeForIt(in recording: StoryRecording, among looks: [RideRequestLook])
    -> [LifetimeRegistry.Record]
  {
    let records = recording.records
    func place(_ id: String?) -> Int? { id.flatMap { id in records.first { $0.id == id }?.index } }
    guard let own = place(viewModel) else { return [] }
    let previous = place(looks.first { $0.number == number - 1 }?.viewModel) ?? -1
    return records.filter { $0.role == .container && $0.index > previous && $0.index < own }
  }

  /// The objects with no `Lifetime` token (scope `untraced`) that store a strong reference to
  /// `id` at this look, in the order the walk met them.
  func untracedHolders(of id: String?) -> [String] {
    guard let id else { return [] }
    var holders: [String] = []
    for reference in graph.references where reference.to == id && reference.holds {
      if graph.node(reference.from)?.record?.scope == .untraced,
        !holders.contains(reference.from)
      {
        holders.append(reference.from)
      }
    }
    return holders
  }

  /// The cache entry of a runtime container outside the pick-me-up scope that holds or refers
  /// to `id` (`instances[…]` or `weakInstances[…]`): the longer-lived container that made it.
  func longerLivedCache(of id: String) -> (from: String, label: String, scope: String)? {
    let caches = [Rule.runtimeContainerCache, Rule.runtimeContainerWeakCache].map { $0 + "[" }
    guard
      let reference = graph.references.first(where: { reference in
        reference.to == id && caches.contains { reference.label.hasPrefix($0) }
          && graph.node(reference.from)?.record?.scope != .pickMeUp
      })
    else { return nil }
    let scope = graph.node(reference.from)?.record?.scope.name ?? LifetimeScope.untraced.name
    return (reference.from, reference.label, scope)
  }

  /// `held by A.x, B.y` for the object `id` at this look: every stored strong reference to it.
  func holders(of id: String) -> Localized {
    let fields = graph.references.filter { $0.to == id && $0.holds }.map {
      "\($0.from).\($0.label)"
    }
    return Trace.heldBy(fields)
  }
}
