import KooberStory
import ObjectTrace

// MARK: - The rules every Koober composition must keep

extension Rule {
  /// Every rule a complete composition of the story keeps, in the order the checker prints them.
  public static let shared: [Rule] = [
    storyCompletes, oneMainViewModel, oneRepository, onboardingNavigators, signedInSession,
    oneCurrentSession, onboardingScopeEnds, signedInScopeEnds, noTornInstances,
    noContainerHoldsAContainer, noChildKeepsItsParent,
    nothingLeaks,
  ]

  /// The rule with `id`, among ``shared``.
  public static func named(_ id: String) -> Rule? { shared.first { $0.id == id } }

  /// The story reaches every step's screen.
  public static let storyCompletes = Rule(
    id: "story-completes",
    statement: Localized(
      en: "the story plays to the end: sign up, sign out, sign in, quit",
      ko: "이야기가 끝까지 진행된다: 가입, 로그아웃, 로그인, 종료")
  ) { recording in
    guard let failure = recording.failure else { return nil }
    return "it stopped in step \(failure.step ?? "?"): \(failure.description)"
  }

  /// One `MainViewModel` is the responder of launch, sign-in, sign-up and profile.
  public static let oneMainViewModel = Rule(
    id: "one-main-view-model",
    statement: Localized(
      en: "one MainViewModel is every screen's responder",
      ko: "MainViewModel 하나가 모든 화면의 응답자다")
  ) { recording in
    for snapshot in recording.snapshots {
      guard let main = snapshot.mainViewModel else { continue }
      for reference in snapshot.graph.references
      where ["signedInResponder", "notSignedInResponder"].contains(reference.label)
        && reference.to != main
      {
        return "in \(snapshot.step), \(reference.from).\(reference.label) is \(reference.to), "
          + "but the main screen shows \(main): what it reports goes to an object no screen "
          + "watches"
      }
    }
    let made = recording.trace.objects.filter { $0.type == "MainViewModel" }.map(\.id)
    guard made.count <= 1 else {
      return "\(made.count) were created (\(made.joined(separator: ", "))); the app holds one"
    }
    return nil
  }

  /// One repository serves launch, the forms and the profile.
  public static let oneRepository = Rule(
    id: "one-repository",
    statement: Localized(
      en: "one user session repository serves the whole app",
      ko: "사용자 세션 저장소 하나가 앱 전체를 맡는다")
  ) { recording in
    var first: (from: String, to: String)?
    for snapshot in recording.snapshots {
      for reference in snapshot.graph.references where reference.label == "userSessionRepository" {
        guard let seen = first else {
          first = (reference.from, reference.to)
          continue
        }
        if reference.to != seen.to {
          return "in \(snapshot.step), \(reference.from).userSessionRepository is "
            + "\(reference.to), but \(seen.from).userSessionRepository is \(seen.to)"
        }
      }
    }
    return nil
  }

  /// Within one onboarding, welcome's two navigators are that onboarding's view model.
  public static let onboardingNavigators = Rule(
    id: "onboarding-navigators",
    statement: Localized(
      en: "welcome's two navigators are its onboarding's one OnboardingViewModel",
      ko: "환영 화면의 두 내비게이터는 그 온보딩의 OnboardingViewModel 하나다")
  ) { recording in
    for snapshot in recording.snapshots {
      let graph = snapshot.graph
      for onboarding in graph.nodes(ofType: "OnboardingViewController") {
        let viewModel = graph.target(of: onboarding, "viewModel")
        let welcome = graph.target(of: onboarding, "welcomeViewController")
        guard let welcomeViewModel = graph.target(of: welcome, "viewModel") else { continue }
        for label in ["goToSignUpNavigator", "goToSignInNavigator"] {
          let navigator = graph.target(of: welcomeViewModel, label)
          if navigator != viewModel {
            let held = navigator ?? "not a traced object"
            return "in \(snapshot.step), \(welcomeViewModel).\(label) is \(held), but its "
              + "onboarding \(onboarding.id) shows \(viewModel ?? "nothing")"
          }
        }
      }
    }
    return nil
  }

  /// The signed-in screens and the profile share the session the main view model signed in to.
  public static let signedInSession = Rule(
    id: "signed-in-session",
    statement: Localized(
      en: "the signed-in screens share the one session that sign-in returned",
      ko: "로그인 화면들은 로그인이 돌려준 세션 하나를 함께 쓴다")
  ) { recording in
    for snapshot in recording.snapshots {
      let graph = snapshot.graph
      let signedInSession = graph.target(of: snapshot.mainViewModel, "view")
      for screen in graph.nodes(ofType: "SignedInViewController")
      where snapshot.shownScreens.contains(screen.id) {
        let session = graph.target(of: screen, "userSession")
        if session != signedInSession {
          return "in \(snapshot.step), \(screen.id).userSession is \(session ?? "nothing"), but "
            + "\(snapshot.mainViewModel ?? "the main view model") is signed in to "
            + "\(signedInSession ?? "nothing")"
        }
        let profile = graph.target(
          of: graph.target(of: screen, "profileViewController"), "viewModel")
        guard let profile else { continue }
        if graph.target(of: profile, "userSession") != session {
          return "in \(snapshot.step), \(profile).userSession is "
            + "\(graph.target(of: profile, "userSession") ?? "nothing"), but the signed-in "
            + "screens show \(session ?? "nothing")"
        }
        let responder = graph.target(of: profile, "doneWithProfileResponder")
        let signedInViewModel = graph.target(of: screen, "viewModel")
        if responder != signedInViewModel {
          return "in \(snapshot.step), \(profile).doneWithProfileResponder is "
            + "\(responder ?? "nothing"), but \(screen.id) shows \(signedInViewModel ?? "nothing")"
        }
      }
    }
    return nil
  }

  /// While a user is signed in, no object keeps another session: a container that kept the
  /// first session after the second sign-in would hand a later screen the wrong user.
  public static let oneCurrentSession = Rule(
    id: "one-current-session",
    statement: Localized(
      en: "while signed in, every stored session is the one the user signed in with",
      ko: "로그인한 동안 저장된 세션은 모두 지금 로그인한 그 세션이다")
  ) { recording in
    for snapshot in recording.snapshots {
      let graph = snapshot.graph
      guard let current = graph.target(of: snapshot.mainViewModel, "view"),
        graph.node(current)?.record?.typeName == "UserSession"
      else { continue }
      let sessions = Set(graph.nodes(ofType: "UserSession").compactMap { $0.record?.id })
      for reference in graph.references
      where sessions.contains(reference.to) && reference.to != current {
        return "in \(snapshot.step), \(reference.from).\(reference.label) is \(reference.to), "
          + "but \(snapshot.mainViewModel ?? "the main view model") is signed in to \(current): "
          + "a screen made from it would show the earlier user"
      }
    }
    return nil
  }

  /// Nothing of the first onboarding is alive once the user has signed up.
  public static let onboardingScopeEnds = scopeEnds(
    id: "onboarding-scope-ends", scope: "onboarding", step: "sign-up",
    statement: Localized(
      en: "the onboarding scope ends at sign-up",
      ko: "온보딩 스코프는 가입할 때 끝난다"))

  /// Nothing of the first session is alive once the user has signed out.
  public static let signedInScopeEnds = scopeEnds(
    id: "signed-in-scope-ends", scope: "signed-in", step: "sign-out",
    statement: Localized(
      en: "the signed-in scope ends at sign-out",
      ko: "로그인 스코프는 로그아웃할 때 끝난다"))

  private static func scopeEnds(id: String, scope: String, step name: String, statement: Localized)
    -> Rule
  {
    Rule(id: id, statement: statement) { recording in
      if let failed = recording.failure?.step,
        (Story.stepNames.firstIndex(of: failed) ?? 0) <= (Story.stepNames.firstIndex(of: name) ?? 0)
      {
        return "not checked: the story stopped in \(failed)"
      }
      guard let step = recording.step(name) else {
        return "not checked: the story stopped before \(name)"
      }
      let stale = step.live.filter { recording.scope(of: $0) == scope }
      guard !stale.isEmpty else { return nil }
      // Name the object a longer-lived one keeps (the cause) before what it keeps with it.
      let staleSet = Set(stale)
      let cause =
        stale.first { id in
          step.edges.contains { $0.to == id && $0.holds && !staleSet.contains($0.from) }
        } ?? stale[0]
      let others = stale.filter { $0 != cause }
      let more = others.isEmpty ? "" : " (and with it \(others.joined(separator: ", ")))"
      return "\(cause) is still alive after \(name), \(step.holders(of: cause))\(more)"
    }
  }

  /// No step has two live instances of a type whose scope holds one.
  public static let noTornInstances = Rule(
    id: "no-torn-instances",
    statement: Localized(
      en: "each scope holds one of its view models, never two at once",
      ko: "각 스코프는 자기 뷰 모델을 하나만 가진다. 동시에 둘은 없다")
  ) { recording in
    for step in recording.trace.steps {
      if let torn = step.findings.first(where: { $0.kind == "torn" }) {
        return "after \(step.name), \(torn.object) is \(torn.detail)"
      }
    }
    return nil
  }

  /// A parent container never keeps a child: the child's scope ends with its screens. Keeping
  /// it is a bug — the child's objects (a session, its token) outlive their scope.
  public static let noContainerHoldsAContainer = Rule(
    id: "no-container-holds-a-container",
    statement: Localized(
      en: "no container keeps a child container: each child's scope ends with its screens",
      ko: "어떤 컨테이너도 자식 컨테이너를 붙잡지 않는다: 자식 스코프는 그 화면들과 함께 끝난다")
  ) { recording in
    guard let kept = ContainerReference.all(in: recording).first(where: \.parentKeepsChild)
    else { return nil }
    return "\(kept): a parent that keeps its child ends the child's scope late, so what the "
      + "child made (a session, its token) outlives its screens — a bug; a parent makes children "
      + "without keeping them"
  }

  /// A child container never keeps its parent. It makes no cycle and nothing stale, but it is a
  /// design rule: the child keeps more than it needs, and its scope is tied to its parent's.
  public static let noChildKeepsItsParent = Rule(
    id: "no-child-keeps-its-parent",
    statement: Localized(
      en: "no child container keeps its parent: it copies what it needs",
      ko: "자식 컨테이너는 부모를 붙잡지 않는다: 필요한 것만 복사해 온다")
  ) { recording in
    guard let kept = ContainerReference.all(in: recording).first(where: { !$0.parentKeepsChild })
    else { return nil }
    return "\(kept): no cycle and nothing stale, but the child can reach the parent's whole "
      + "graph and ties its scope to the parent's — a design rule; copy from the parent what the "
      + "child needs"
  }

  /// After quit, only what declared globals hold is alive.
  public static let nothingLeaks = Rule(
    id: "nothing-leaks",
    statement: Localized(
      en: "after quit, nothing is alive but what a declared global holds",
      ko: "종료 뒤에는 선언된 전역 변수가 잡은 것 말고는 살아 있지 않다")
  ) { recording in
    guard recording.step("quit") != nil else { return "not checked: the story never quit" }
    var leaks = recording.leaks.leaks
    guard !leaks.isEmpty else { return nil }
    // What no stored property holds first (a closure does: the way into the cycle), then what
    // those hold, then the rest.
    let entries = Set(leaks.filter(\.heldBy.isEmpty).map(\.id))
    func rank(_ leak: LeakReport.Leak) -> Int {
      if entries.contains(leak.id) { return 0 }
      let holders = leak.heldBy.compactMap { $0.split(separator: ".").first.map(String.init) }
      return holders.contains(where: entries.contains) ? 1 : 2
    }
    leaks = leaks.enumerated().sorted {
      (rank($0.element), $0.offset) < (rank($1.element), $1.offset)
    }
    .map(\.element)
    let listed = leaks.prefix(4).map { leak in
      leak.heldBy.isEmpty
        ? "\(leak.id) (held by no stored property: by a closure)"
        : "\(leak.id) (held by \(leak.heldBy.joined(separator: ", ")))"
    }
    let more = leaks.count > 4 ? " and \(leaks.count - 4) more" : ""
    var message =
      "\(leaks.count) objects are alive after quit: "
      + listed.joined(separator: ", ") + more
    if !recording.leaks.closures.isEmpty {
      message +=
        "; closures stored in them: "
        + recording.leaks.closures.joined(separator: ", ")
        + " — one captures what keeps the others alive (a retain cycle)"
    }
    return message
  }
}

/// A strong reference from one container to another, in a step of a recorded story.
private struct ContainerReference: CustomStringConvertible {
  let step: String
  let from: String
  let label: String
  let to: String
  /// Whether the holder is the parent: the longer-lived scope, or — when the scopes do not say
  /// (an untraced container, two siblings) — the container made first.
  let parentKeepsChild: Bool

  /// `in sign-up, Child#1.appContainer holds Parent#1`.
  var description: String { "in \(step), \(from).\(label) holds \(to)" }

  /// Every one in `recording`, step by step. A `weak` or `unowned` reference holds nothing: the
  /// child's scope still ends with its screens, which is what the container rules are for.
  @MainActor static func all(in recording: StoryRecording) -> [ContainerReference] {
    recording.snapshots.flatMap { snapshot -> [ContainerReference] in
      var containers: [String: LifetimeRegistry.Record] = [:]
      for node in snapshot.graph.nodes {
        if let record = node.record, record.role == .container { containers[record.id] = record }
      }
      return snapshot.graph.references.compactMap { reference -> ContainerReference? in
        guard reference.holds, let from = containers[reference.from],
          let to = containers[reference.to]
        else { return nil }
        let byScope = from.isTraced && to.isTraced && from.scope.depth != to.scope.depth
        return ContainerReference(
          step: snapshot.step, from: reference.from, label: reference.label, to: reference.to,
          parentKeepsChild: byScope ? from.scope.depth < to.scope.depth : from.index < to.index)
      }
    }
  }
}
