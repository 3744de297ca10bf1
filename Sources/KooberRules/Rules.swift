import Bilingual
import KooberKit
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

  /// The story reaches every step's screen.
  public static let storyCompletes: Rule = Rule(
    id: "story-completes",
    statement: Localized(
      en: "the story plays to the end: sign up, sign out, sign in, quit",
      ko: "스토리가 끝까지 진행된다: 가입, 로그아웃, 로그인, 종료")
  ) { recording -> Rule.Failure? in
    guard let failure = recording.failure else { return nil }
    let step = failure.step?.name ?? "?"
    return Rule.Failure(
      Localized(
        en: "it stopped in step \(step): \(failure.description)",
        ko: "\(step) 단계에서 멈췄다: \(failure.message.ko)"),
      cause: .storyStopped)
  }

  /// One `MainViewModel` is the responder of launch, sign-in, sign-up and profile.
  public static let oneMainViewModel: Rule = Rule(
    id: "one-main-view-model",
    statement: Localized(
      en: "one MainViewModel is every screen's responder",
      ko: "MainViewModel 하나가 모든 화면의 응답자다"),
    findingKind: .torn
  ) { recording in
    for snapshot in recording.snapshots {
      guard let main = snapshot.mainViewModel else { continue }
      for reference in snapshot.graph.references
      where ["signedInResponder", "notSignedInResponder"].contains(reference.label)
        && reference.to != main
      {
        return Localized(
          en: "in \(snapshot.step), \(reference.from).\(reference.label) is \(reference.to), "
            + "but the main screen shows \(main): what it reports goes to an object no screen "
            + "watches",
          ko: "\(snapshot.step)에서 \("\(reference.from).\(reference.label)", .topic) "
            + "\(reference.to)인데, 메인 화면이 보여 주는 것은 \(main)이다: 이 참조로 알린 내용은 "
            + "어느 화면도 지켜보지 않는 객체로 간다")
      }
    }
    let made = recording.trace.objects.filter { $0.type == "MainViewModel" }.map(\.id)
    guard made.count <= 1 else {
      return Localized(
        en: "\(made.count) were created (\(made.joined(separator: ", "))); the app holds one",
        ko: "MainViewModel이 \(made.count)개 만들어졌다(\(made.joined(separator: ", "))). 앱에는 "
          + "하나만 있어야 한다")
    }
    return nil
  }

  /// One repository serves launch, the forms and the profile.
  public static let oneRepository: Rule = Rule(
    id: "one-repository",
    statement: Localized(
      en: "one user session repository serves the whole app",
      ko: "사용자 세션 레포지토리 하나가 앱 전체를 맡는다"),
    findingKind: .torn
  ) { recording in
    var first: (from: String, to: String)?
    for snapshot in recording.snapshots {
      for reference in snapshot.graph.references where reference.label == "userSessionRepository" {
        guard let seen = first else {
          first = (reference.from, reference.to)
          continue
        }
        if reference.to != seen.to {
          return Localized(
            en: "in \(snapshot.step), \(reference.from).userSessionRepository is "
              + "\(reference.to), but \(seen.from).userSessionRepository is \(seen.to)",
            ko: "\(snapshot.step)에서 \(reference.from).userSessionRepository는 "
              + "\(reference.to)인데, \(seen.from).userSessionRepository는 \(seen.to)이다")
        }
      }
    }
    return nil
  }

  /// Within one onboarding, welcome's two navigators are that onboarding's view model.
  public static let onboardingNavigators: Rule = Rule(
    id: "onboarding-navigators",
    statement: Localized(
      en: "welcome's two navigators are its onboarding's one OnboardingViewModel",
      ko: "환영 화면의 두 내비게이터는 모두 그 온보딩의 OnboardingViewModel 하나다")
  ) { recording in
    for snapshot in recording.snapshots {
      let graph = snapshot.graph
      for onboarding in graph.nodes(of: OnboardingViewController.self) {
        let viewModel = graph.target(of: onboarding, "viewModel")
        let welcome = graph.target(of: onboarding, "welcomeViewController")
        guard let welcomeViewModel = graph.target(of: welcome, "viewModel") else { continue }
        for label in ["goToSignUpNavigator", "goToSignInNavigator"] {
          let navigator = graph.target(of: welcomeViewModel, label)
          if navigator != viewModel {
            return Localized(
              en: "in \(snapshot.step), \(welcomeViewModel).\(label) is "
                + "\(navigator ?? "not a traced object"), but its onboarding \(onboarding.id) "
                + "shows \(viewModel ?? "nothing")",
              ko: "\(snapshot.step)에서 \("\(welcomeViewModel).\(label)", .subject) 가리키는 객체"
                + "(\(navigator ?? "트레이스된 객체가 아님"))는 그 온보딩 "
                + "\(onboarding.id, .subject) 보여 주는 뷰 모델(\(viewModel ?? "없음"))이 아니다")
          }
        }
      }
    }
    return nil
  }

  /// The signed-in screens and the profile share the session the main view model signed in to.
  public static let signedInSession: Rule = Rule(
    id: "signed-in-session",
    statement: Localized(
      en: "the signed-in screens and the profile share one sign-in's session and view model",
      ko: "로그인 후 화면들과 프로필은 한 번의 로그인에서 나온 세션과 뷰 모델을 함께 쓴다")
  ) { recording in
    for snapshot in recording.snapshots {
      let graph = snapshot.graph
      let signedInSession = graph.target(of: snapshot.mainViewModel, "view")
      for screen in graph.nodes(of: SignedInViewController.self)
      where snapshot.shownScreens.contains(screen.id) {
        let session = graph.target(of: screen, "userSession")
        if session != signedInSession {
          return Localized(
            en: "in \(snapshot.step), \(screen.id).userSession is \(session ?? "nothing"), "
              + "but \(snapshot.mainViewModel ?? "the main view model") is signed in to "
              + "\(signedInSession ?? "nothing")",
            ko: "\(snapshot.step)에서 \(screen.id).userSession이 가리키는 세션"
              + "(\(session ?? "없음"))은 \(snapshot.mainViewModel ?? "메인 뷰 모델", .subject) "
              + "로그인한 세션(\(signedInSession ?? "없음"))이 아니다")
        }
        let profile = graph.target(
          of: graph.target(of: screen, "profileViewController"), "viewModel")
        guard let profile else { continue }
        if graph.target(of: profile, "userSession") != session {
          let held = graph.target(of: profile, "userSession")
          return Localized(
            en: "in \(snapshot.step), \(profile).userSession is \(held ?? "nothing"), but the "
              + "signed-in screens show \(session ?? "nothing")",
            ko: "\(snapshot.step)에서 \(profile).userSession이 가리키는 세션(\(held ?? "없음"))은 "
              + "로그인 후 화면들이 보여 주는 세션(\(session ?? "없음"))이 아니다")
        }
        let responder = graph.target(of: profile, "doneWithProfileResponder")
        let signedInViewModel = graph.target(of: screen, "viewModel")
        if responder != signedInViewModel {
          // Two of one type from one runtime container: its registration makes one per resolve.
          let type = signedInViewModel.flatMap { graph.node($0)?.typeName }
          let oneTypeTwice =
            type != nil && responder.flatMap { graph.node($0)?.typeName } == type
          let runtime = oneTypeTwice && !graph.nodes(ofType: "Container").isEmpty
          return Localized(
            en: "in \(snapshot.step), \(profile).doneWithProfileResponder is "
              + "\(responder ?? "nothing"), but \(screen.id) shows "
              + "\(signedInViewModel ?? "nothing")"
              + (runtime
                ? "; likely cause: \(type ?? "")'s registration has no scope word, so each "
                  + "resolve makes a new one (.graph); fix: `scope: .container` in the signed-in "
                  + "container" : ""),
            ko: "\(snapshot.step)에서 \(profile).doneWithProfileResponder가 가리키는 응답자"
              + "(\(responder ?? "없음"))는 \(screen.id, .subject) 보여 주는 뷰 모델"
              + "(\(signedInViewModel ?? "없음"))이 아니다"
              + (runtime
                ? ". 짐작되는 원인: \(type ?? "") 등록에 스코프 낱말이 없어서 resolve할 때마다 새로 "
                  + "만든다(.graph). 고치는 법: 로그인 후 컨테이너에 `scope: .container`로 등록한다"
                : ""))
        }
      }
    }
    return nil
  }

  /// While a user is signed in, no object keeps another session: a container that kept the
  /// first session after the second sign-in would hand a later screen the wrong user.
  public static let oneCurrentSession: Rule = Rule(
    id: "one-current-session",
    statement: Localized(
      en: "while signed in, every stored session is the one the user signed in with",
      ko: "로그인해 있는 동안 저장된 세션은 모두 사용자가 로그인할 때 받은 그 세션이다")
  ) { recording in
    for snapshot in recording.snapshots {
      let graph = snapshot.graph
      guard let current = graph.target(of: snapshot.mainViewModel, "view"),
        graph.node(current)?.record?.typeName == "UserSession"
      else { continue }
      let sessions = Set(graph.nodes(of: UserSession.self).compactMap { $0.record?.id })
      for reference in graph.references
      where sessions.contains(reference.to) && reference.to != current {
        return Localized(
          en: "in \(snapshot.step), \(reference.from).\(reference.label) is \(reference.to), "
            + "but \(snapshot.mainViewModel ?? "the main view model") is signed in to "
            + "\(current): a screen made from it would show the earlier user",
          ko: "\(snapshot.step)에서 \("\(reference.from).\(reference.label)", .topic) "
            + "\(reference.to)인데, \(snapshot.mainViewModel ?? "메인 뷰 모델", .subject) 로그인한 "
            + "세션은 \(current)이다: 이 세션으로 만든 화면은 앞서 로그인했던 사용자를 보여 "
            + "주게 된다")
      }
    }
    return nil
  }

  /// Nothing of the first onboarding is alive once the user has signed up.
  public static let onboardingScopeEnds = scopeEnds(
    id: "onboarding-scope-ends", scope: .onboarding, koreanScope: "온보딩", step: .signUp,
    statement: Localized(
      en: "the onboarding scope ends at sign-up",
      ko: "온보딩 스코프는 가입할 때 끝난다"))

  /// Nothing of the first session is alive once the user has signed out.
  public static let signedInScopeEnds = scopeEnds(
    id: "signed-in-scope-ends", scope: .signedIn, koreanScope: "로그인 후", step: .signOut,
    statement: Localized(
      en: "the signed-in scope ends at sign-out",
      ko: "로그인 후 스코프는 로그아웃할 때 끝난다"))

  /// The stored property of chapter 6's `Container` that caches `.container` objects, as the
  /// trace labels its edges (`instances[SignedInViewModel]`). The rules cannot import that type
  /// (each exercise compiles its own copy); `RuntimeContainerMistakeTests` checks the name
  /// against the chapter's container, so a rename fails a test, not the rule's advice.
  static let runtimeContainerCache = "instances"

  /// The stored property of chapter 6's `Container` that refers to `.weak` objects without
  /// keeping them (`weakInstances[RideHistory]`), checked as ``runtimeContainerCache`` is.
  static let runtimeContainerWeakCache = "weakInstances"

  /// `koreanScope` is the scope's name in Korean prose (the glossary's 온보딩, 로그인 후).
  private static func scopeEnds(
    id: RuleID, scope lifetimeScope: LifetimeScope, koreanScope: String, step ending: StoryStep,
    statement: Localized
  ) -> Rule {
    let name = ending.name
    let scope = lifetimeScope.name
    return Rule(id: id, statement: statement, findingKind: .stale) {
      recording -> Rule.Failure? in
      if let failed = recording.failure?.step,
        (StoryStep.allCases.firstIndex(of: failed) ?? 0)
          <= (StoryStep.allCases.firstIndex(of: ending) ?? 0)
      {
        return .notChecked(
          Localized(
            en: "not checked: the story stopped in \(failed)",
            ko: "검사하지 못했다: 스토리가 \(failed) 단계에서 멈췄다"))
      }
      guard let step = recording.step(ending) else {
        return .notChecked(
          Localized(
            en: "not checked: the story stopped before \(name)",
            ko: "검사하지 못했다: 스토리가 \(name) 단계에 이르기 전에 멈췄다"))
      }
      // Name the object a longer-lived one keeps (the cause) before what it keeps with it.
      guard let (cause, others, staleSet) = step.staleObjects(of: scope, in: recording) else {
        return nil
      }
      let holders = step.holders(of: cause)
      // A runtime container's cache of a longer-lived scope holds it: registered there.
      let cache = step.edges.first {
        $0.to == cause && $0.holds && !staleSet.contains($0.from)
          && $0.label.hasPrefix(Self.runtimeContainerCache + "[")
      }
      let type = recording.trace.object(cause)?.type ?? cause
      // A hand-written container of a longer scope stores it in a property, while the scope has
      // a container of its own to make it in (chapters 4 and 5; not chapter 3's one container).
      let ended = recording.snapshots.last { $0.step == ending }?.graph
      func isContainer(_ id: String) -> Bool { ended?.node(id)?.record?.role == .container }
      let scopeHasAContainer = recording.snapshots.contains { snapshot in
        snapshot.graph.nodes.contains {
          $0.record?.role == .container && $0.record?.scope == lifetimeScope
        }
      }
      let stored = step.edges.first { edge in
        cache == nil && scopeHasAContainer && edge.to == cause && edge.holds
          && !staleSet.contains(edge.from) && isContainer(edge.from) && !isContainer(cause)
      }
      let detail = Localized(
        en: "\(cause) is still alive after \(name), \(holders.text.en)"
          + (others.isEmpty ? "" : " (and with it \(others.joined(separator: ", ")))")
          + (cache.map {
            "; likely cause: \(type) is registered with a caching scope in \($0.from), which "
              + "outlives the \(scope) scope; fix: register it in the \(scope) scope's child "
              + "container"
          } ?? "")
          + (stored.map {
            "; likely cause: \($0.from).\($0.label) stores it, and \($0.from) outlives the "
              + "\(scope) scope; fix: do not store it there: keep it in the \(scope) scope's own "
              + "container, which goes when the scope ends"
          } ?? ""),
        ko: "\(name) 뒤에도 \(cause, .subject) 살아 있다. \(holders.text.ko)"
          + (others.isEmpty ? "" : " (함께 살아 있는 객체: \(others.joined(separator: ", ")))")
          + (cache.map {
            ". 짐작되는 원인: \(type, .subject) \($0.from)에 캐시하는 스코프로 등록되어 있는데, 그 "
              + "컨테이너는 \(koreanScope)(\(scope)) 스코프보다 오래 산다. 고치는 법: "
              + "\(koreanScope) 스코프의 자식 컨테이너에 등록한다"
          } ?? "")
          + (stored.map {
            ". 짐작되는 원인: \(Trace.koreanPlace("\($0.from).\($0.label)"), .subject) 이 객체를 "
              + "저장하는데, \($0.from, .subject) \(koreanScope)(\(scope)) 스코프보다 오래 산다. "
              + "고치는 법: 거기에 저장하지 말고 \(koreanScope) 스코프 자신의 컨테이너에 둔다. 그 "
              + "컨테이너는 스코프가 끝날 때 함께 사라진다"
          } ?? ""))
      return Rule.Failure(detail, cause: holders.isChained ? .onTheObjects : .noChain)
    }
  }

  /// No step has two live instances of a type whose scope holds one.
  public static let noTornInstances: Rule = Rule(
    id: "no-torn-instances",
    statement: Localized(
      en: "each scope holds one of each of its view models and other one-per-scope objects, "
        + "never two at once",
      ko: "각 스코프에는 자기 뷰 모델과 스코프마다 하나인 다른 객체가 종류마다 하나씩만 있다. "
        + "동시에 둘이 되는 일은 없다"),
    findingKind: .torn
  ) { recording -> Rule.Failure? in
    for step in recording.trace.steps {
      if let torn = step.findings.first(where: { $0.kind == .torn }) {
        let type = recording.trace.object(torn.object)?.type ?? torn.object
        let original = step.live.first {
          $0 != torn.object && recording.trace.object($0)?.type == type
        }
        let holders = step.holders(of: torn.object)
        // The second one is what the screens show, the first one no root reaches: the first is
        // the one that should have gone (a request's objects kept past its end).
        let earlier = original.map { (id: $0, holders: step.holders(of: $0)) }
        let stale = earlier.flatMap { earlier in
          holders.pathFromRoot != nil && earlier.holders.pathFromRoot == nil ? earlier : nil
        }
        return Rule.Failure(
          Localized(
            en: "after \(step.name), \(torn.object) is \(torn.detail)"
              + (stale.map {
                "; the earlier \($0.id) is the one no root reaches, and the one that should have "
                  + "gone: \($0.holders.text.en)"
              } ?? ""),
            ko: "\(step.name) 뒤에 \(type, .subject) 하나 더 살아 있다(torn): \(torn.object)"
              + (original.map { "(먼저 있던 \($0)도 살아 있다)" } ?? "") + ". 스코프에는 하나만 "
              + "있어야 한다. "
              + holders.text.ko
              + (stale.map {
                ". 어느 루트에서도 닿지 않는 쪽, 곧 사라졌어야 할 쪽은 먼저 있던 \($0.id)이다. "
                  + $0.holders.text.ko
              } ?? "")),
          // The finding's own text names a chain from a root, never a cycle.
          cause: holders.pathFromRoot != nil ? .onTheObjects : .noChain)
      }
    }
    return nil
  }

  /// A parent container never keeps a child: the child's scope ends with its screens. Keeping
  /// it is a bug — the child's objects (a session and its token, a request's view model) outlive
  /// their scope.
  public static let noContainerHoldsAContainer: Rule = Rule(
    id: "no-container-holds-a-container",
    statement: Localized(
      en: "no container keeps a child container: each child's scope ends with its screens",
      ko: "어떤 컨테이너도 자식 컨테이너를 붙잡지 않는다: 자식 스코프는 저마다 자기 화면들과 함께 끝난다"),
    findingKind: .captive
  ) { recording in
    guard let kept = ContainerReference.all(in: recording).first(where: \.parentKeepsChild)
    else { return nil }
    // What the child made and stores, in its scope's words: the signed-in scope's session, a
    // request's view model. A child that stores nothing of its scope (it makes each object fresh)
    // is named alone: only the child outlives its screens.
    let scope = recording.scope(of: kept.to)
    let stored = recording.snapshots.lazy.filter { $0.step == kept.step }.compactMap { snapshot in
      snapshot.graph.references.first { reference in
        reference.from == kept.to && reference.holds
          && snapshot.graph.node(reference.to)?.record.map {
            $0.role != .container && $0.scope.name == scope
          } == true
      }
    }.first
    let made: Localized? =
      switch (scope, stored) {
      case (_, nil): nil
      case (LifetimeScope.signedIn.name?, _):
        Localized(en: " (a session, its token)", ko: "(세션과 그 토큰)")
      case (LifetimeScope.pickMeUp.name?, let stored?)
      where stored.to.hasPrefix("\(PickMeUpViewModel.self)#"):
        Localized(en: " (the request's view model)", ko: "(요청의 뷰 모델)")
      case (_, let stored?): Localized(en: " (\(stored.to))", ko: "(\(stored.to))")
      }
    return Localized(
      en: "\(kept): a parent that keeps its child ends the child's scope late, so "
        + (made.map { "what the child made\($0.en)" } ?? "the child") + " outlives its screens "
        + "— a bug; a parent makes children without keeping them",
      ko: "\(kept.korean): 자식을 붙잡은 부모는 자식 스코프가 늦게 끝나게 하므로, "
        + (made.map { "자식이 만든 것\($0.ko)이" } ?? "자식 컨테이너가") + " 자식의 화면보다 오래 산다. "
        + "이것은 버그다. 부모는 자식을 만들기만 하고 붙잡아 두지 않는다")
  }

  /// A child container never keeps its parent. It makes no cycle and nothing stale, but it is a
  /// design rule: the child keeps more than it needs, and its scope is tied to its parent's.
  public static let noChildKeepsItsParent: Rule = Rule(
    id: "no-child-keeps-its-parent",
    statement: Localized(
      en: "no child container keeps its parent: it copies what it needs, or refers to it weakly",
      ko: "자식 컨테이너는 부모를 붙잡지 않는다: 필요한 것만 복사해 오거나, 약한 참조로 가리킨다")
  ) { recording in
    guard let kept = ContainerReference.all(in: recording).first(where: { !$0.parentKeepsChild })
    else { return nil }
    // A runtime container (chapter 6's) asks its parent at every resolve: it cannot copy what it
    // needs, and refers to the parent without keeping it.
    guard !kept.isRuntimeContainer else {
      return Localized(
        en: "\(kept): no cycle and nothing stale, but the child ties its scope to the parent's "
          + "— a design rule; refer to the parent weakly, as the container's own `parent` does "
          + "(a `weak` reference), and resolve through it",
        ko: "\(kept.korean): 순환 참조도 stale 객체도 생기지 않지만, 자식 스코프가 부모 스코프에 "
          + "묶인다. 이것은 설계 규칙이다. 컨테이너의 `parent`처럼 부모를 약하게(`weak`) 참조하고 "
          + "부모를 거쳐 resolve해야 한다")
    }
    return Localized(
      en: "\(kept): no cycle and nothing stale, but the child can reach the parent's whole "
        + "graph and ties its scope to the parent's — a design rule; copy from the parent what "
        + "the child needs",
      ko: "\(kept.korean): 순환 참조도 stale 객체도 생기지 않지만, 자식이 부모의 그래프 전체에 "
        + "접근할 수 있고 자식 스코프가 부모 스코프에 묶인다. 이것은 설계 규칙이다. 자식에게 "
        + "필요한 것만 부모에게서 복사해 와야 한다")
  }

  /// After quit, only what declared globals hold is alive.
  public static let nothingLeaks: Rule = Rule(
    id: "nothing-leaks",
    statement: Localized(
      en: "after quit, nothing is alive but what a declared global holds",
      ko: "종료 뒤에는 선언된 전역 변수가 붙잡은 것 말고는 아무것도 살아 있지 않다"),
    findingKind: .leak
  ) { recording -> Rule.Failure? in
    guard recording.step(.quit) != nil else {
      return .notChecked(
        Localized(
          en: "not checked: the story never quit",
          ko: "검사하지 못했다: 스토리가 quit 단계까지 가지 않았다"))
    }
    var leaks = recording.leaks.leaks
    guard !leaks.isEmpty else { return nil }
    // The way into the cycle first: what no stored property holds, only a closure that
    // captured it (or nothing the walk read); then what those hold; then the rest.
    let entries = Set(leaks.filter { $0.heldBy.allSatisfy(\.isCapture) }.map(\.id))
    func rank(_ leak: LeakReport.Leak) -> Int {
      if entries.contains(leak.id) { return 0 }
      return leak.heldBy.map(\.holder).contains(where: entries.contains) ? 1 : 2
    }
    leaks = leaks.enumerated().sorted {
      (rank($0.element), $0.offset) < (rank($1.element), $1.offset)
    }
    .map(\.element)
    let listed = leaks.prefix(4).map { leak in
      let held = Trace.heldBy(leak.heldBy.map(\.description))
      return leak.heldBy.isEmpty
        ? Localized(
          en: "\(leak.id) (held by no stored property or closure the walk read: a `static` or "
            + "global variable not declared to the trace, or a closure outside these objects)",
          ko: "\(leak.id)(그래프 탐색이 읽은 저장 프로퍼티나 클로저가 아니라, 트레이스에 선언하지 않은 "
            + "`static`·전역 변수나 이 객체들 밖의 클로저가 붙잡음)")
        : Localized(en: "\(leak.id) (\(held.en))", ko: "\(leak.id)(\(held.ko))")
    }
    // The cycle through the first object listed that is on one: read, never guessed.
    let cycle = leaks.lazy.compactMap { recording.leaks.cycles[$0.id] }.first
    let detail = Localized(
      en: (leaks.count == 1 ? "1 object is" : "\(leaks.count) objects are") + " alive after quit: "
        + listed.map(\.en).joined(separator: ", ")
        + (leaks.count > 4 ? " and \(leaks.count - 4) more" : "")
        + (cycle.map { "; the retain cycle that keeps them: \($0)" } ?? ""),
      ko: "quit 뒤에도 객체 \(leaks.count)개가 살아 있다: "
        + listed.map(\.ko).joined(separator: ", ")
        + (leaks.count > 4 ? " 외 \(leaks.count - 4)개" : "")
        + (cycle.map { ". 이 객체들을 살려 두는 순환 참조: " + Trace.koreanCycle($0) } ?? ""))
    return Rule.Failure(detail, cause: .onTheObjects)
  }
}

/// A strong reference from one container to another, in a step of a recorded story.
private struct ContainerReference: CustomStringConvertible {
  let step: StoryStep
  let from: String
  let label: String
  let to: String
  /// Whether the holder is the parent: the longer-lived scope, or — when the scopes do not say
  /// (an untraced container, two siblings) — the container made first.
  let parentKeepsChild: Bool
  /// Whether both are chapter 6's runtime containers, which resolve from their parents.
  var isRuntimeContainer = false

  /// `in sign-up, Child#1.appContainer holds Parent#1`.
  var description: String { "in \(step), \(from).\(label) holds \(to)" }

  /// The same in Korean.
  var korean: String { "\(step)에서 \("\(from).\(label)", .subject) \(to, .object) 붙잡고 있다" }

  /// Every one in `recording`, step by step. A `weak` or `unowned` reference holds nothing: the
  /// child's scope still ends with its screens, which is what the container rules are for.
  @MainActor static func all(in recording: StoryRecording) -> [ContainerReference] {
    recording.snapshots.flatMap { snapshot -> [ContainerReference] in
      var containers: [String: LifetimeRegistry.Record] = [:]
      for node in snapshot.graph.nodes {
        if let record = node.record, record.role == .container { containers[record.id] = record }
      }
      return snapshot.graph.references.compactMap { reference -> ContainerReference? in
        // A container that holds itself (a closure it stores captures it) is no child and no
        // parent: the scope-ends rules name that cycle.
        guard reference.holds, reference.from != reference.to,
          let from = containers[reference.from],
          let to = containers[reference.to]
        else { return nil }
        let byScope = from.isTraced && to.isTraced && from.scope.depth != to.scope.depth
        return ContainerReference(
          step: snapshot.step, from: reference.from, label: reference.label, to: reference.to,
          parentKeepsChild: byScope ? from.scope.outlives(to.scope) : from.index < to.index,
          isRuntimeContainer: from.typeName == "Container" && to.typeName == "Container")
      }
    }
  }
}
