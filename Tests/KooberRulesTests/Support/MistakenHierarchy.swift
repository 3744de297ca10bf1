import KooberKit
import KooberRules
import KooberStory
import ObjectTrace

// MARK: - Wrong answers, kept as fixtures
//
// Chapter 4's container hierarchy, with one realistic mistake switched on at a time: the
// mistakes learners make in the exercises. Each must be refused by a rule whose message names
// the object, the step and the holder.

/// A mistake a learner makes in one of the exercises.
enum Mistake: CaseIterable, Sendable {
  /// None: chapter 4 as it should be.
  case none
  /// Exercise 4: the signed-in container stores its parent instead of copying from it.
  case signedInContainerKeepsItsParent
  /// Exercises 1 and 2: the profile's responder is a new main view model.
  case profileRespondsToANewMainViewModel
  /// Exercise 3: the welcome view model gets a new onboarding view model as its navigators.
  case welcomeGetsItsOwnNavigator
  /// Bug hunt 6: the app container keeps the signed-in container.
  case appContainerKeepsSignedInContainer
  /// Bug hunt 7: the onboarding container makes its own main view model.
  case onboardingMakesItsOwnMainViewModel
  /// Bug hunt 8: the app container keeps the main screen, whose closures capture the container.
  case appContainerKeepsMainScreen
  /// Any exercise: the sign-in form reports to a stand-in with no lifetime token.
  case signInRespondsToAStandIn
  /// Exercise 4, without the token: a signed-in container the trace has no token for stores
  /// its parent.
  case untracedSignedInContainerKeepsItsParent
  /// Bug hunt 6, "fixed" with `weak`: the app container refers to the signed-in container
  /// weakly — which holds nothing, so the scope still ends.
  case appContainerKeepsSignedInContainerWeakly
  /// Exercise 3 (and chapter 3): the app container keeps the first session after the second
  /// sign-in.
  case appContainerKeepsTheFirstSession
  /// Any exercise: the app container is also kept in a `static var` of its own (a "shared"
  /// instance the trace was not told about).
  case appContainerKeptByAStatic
  /// Any exercise: each signed-in container is also kept in a `static var` (the "current" one),
  /// which the trace was not told about: no chain from a root reaches what it keeps.
  case signedInContainerKeptByAStatic
  /// Any exercise: the learner's code traps in `sign-up` (`fatalError`).
  case crashesInSignUp
  /// Any exercise: a `todo` reached in `sign-up`.
  case todoInSignUp

  // MARK: Exercise 12, the pick-me-up scope (played with rides)

  /// The signed-in container keeps each request's view model in a `var`.
  case signedInContainerKeepsTheRequest
  /// The signed-in container keeps each request's screen in a `var`.
  case signedInContainerKeepsTheRequestScreen
  /// The request's container stores a token copied from the signed-in container's: scope
  /// signed-in, role container.
  case pickMeUpContainerTokenSaysSignedIn
  /// The request's container stores the signed-in container instead of copying from it.
  case pickMeUpContainerKeepsItsParent
  /// The request's container makes a session of its own from the signed-in one's fields.
  case pickMeUpMakesASecondSession
  /// The signed-in container makes one request view model, lazily, for every request.
  case oneViewModelForEveryRequest
  /// The app container makes the request's container and keeps it.
  case appContainerMakesTheRequest
  /// The request's container has no `Lifetime` token.
  case untracedPickMeUpContainer
  /// The ride options report to a new request view model, not the request's.
  case rideOptionsReportToANewRequest
  /// The signed-in screens are made with no factory for ride requests.
  case signedInScreensCannotRequestRides
  /// The request's container keeps the ride options' screen it made (a cache in a `var`), and
  /// the screen keeps the container as its view-model factory: the two hold each other.
  case pickMeUpContainerCachesItsScreen
  /// Each request's container makes a ride history of its own, in a `let`.
  case pickMeUpContainerMakesTheRideHistory
  /// The signed-in container makes a new ride history for each request and passes it down,
  /// where the request's view model alone keeps it.
  case rideHistoryMadeOnEachRequest
  /// The app container makes the ride history, in a `lazy var`: one for every session.
  case appContainerKeepsTheRideHistory
  /// The request's container gives its view model a location of its own, not the one tapped.
  case pickMeUpMadeUpItsLocation
  /// The request's container gives its view model the place the story taps first, written out
  /// (City Hall), not the one tapped: right for the first request only.
  case pickMeUpUsesTheStorysFirstLocation
  /// The signed-in container's ride history is a `static`'s, made once: every session's.
  case rideHistoryInAStatic
  /// The signed-in container refers to the ride history from a `weak var`, and makes one when it
  /// is `nil`: between two requests nothing keeps it.
  case rideHistoryKeptWeakly
  /// Each request's container is also kept by a global `var` (the "current request"), which the
  /// walk does not see.
  case requestContainerKeptByAGlobal
  /// The signed-in container keeps the first request's container, and every later request is
  /// served by it: its view model, and the location it was made with.
  case oneRequestContainerForEveryRequest
  /// The signed-in container keeps one request container for the whole session, which stores
  /// nothing of a request: it makes each request's objects fresh, for the location of the call.
  case signedInContainerKeepsOneFreshRequestContainer
  /// The request's container keeps a closure that makes the ride options' view model, and the
  /// closure captures the container (`self`) strongly: the container holds itself.
  case pickMeUpContainerCapturesItself
  /// Not a mistake: the book's way (chapter 4). The request's container is a local that makes
  /// the screens and is let go at once; the ride options get a factory of their own that keeps
  /// only the request's view model, so no screen keeps the container.
  case pickMeUpContainerLetGoAtOnce

  /// The mistakes of exercise 12, whose story plays the ride requests.
  static let rides: [Mistake] = [
    .signedInContainerKeepsTheRequest, .signedInContainerKeepsTheRequestScreen,
    .pickMeUpContainerTokenSaysSignedIn,
    .pickMeUpContainerKeepsItsParent,
    .pickMeUpMakesASecondSession, .oneViewModelForEveryRequest, .appContainerMakesTheRequest,
    .untracedPickMeUpContainer, .rideOptionsReportToANewRequest,
    .signedInScreensCannotRequestRides, .pickMeUpContainerCachesItsScreen,
    .pickMeUpContainerMakesTheRideHistory, .rideHistoryMadeOnEachRequest,
    .appContainerKeepsTheRideHistory, .pickMeUpMadeUpItsLocation,
    .pickMeUpUsesTheStorysFirstLocation, .rideHistoryInAStatic, .pickMeUpContainerCapturesItself,
    .rideHistoryKeptWeakly, .signedInContainerKeepsOneFreshRequestContainer,
    .oneRequestContainerForEveryRequest, .requestContainerKeptByAGlobal,
  ]
}

/// What ``Mistake/crashesInSignUp`` traps with.
let mistakeCrashMessage = "the learner's mistake"

/// A responder with no lifetime token: the trace shows it only by its type.
@MainActor final class StandInResponder: SignedInResponder {
  func signedIn(to userSession: UserSession) {}
}

extension Chapter {
  /// Chapter 4's composition with `mistake`; with `rides`, exercise 12's story, whose
  /// signed-in screens request two rides.
  static func mistaken(_ mistake: Mistake, rides: Bool = false) -> Chapter {
    Chapter(
      number: 4, title: "Mistaken hierarchy", makeApp: { MistakenApp(mistake: mistake) },
      steps: rides ? StoryStep.withRides : StoryStep.chapters)
  }
}

@MainActor
final class MistakenApp: KooberApp {
  let lifetime = Lifetime(of: MistakenApp.self)
  let appContainer: MistakenAppContainer
  let mainViewController: MainViewController

  init(mistake: Mistake) {
    appContainer = MistakenAppContainer(mistake: mistake)
    mainViewController = appContainer.makeMainViewController()
  }

  var mainScreen: any MainScreenPresenting { mainViewController }
}

@MainActor
final class MistakenAppContainer {
  let lifetime = Lifetime(of: MistakenAppContainer.self, role: .container)
  let mistake: Mistake
  let sharedUserSessionRepository: any UserSessionRepository
  let sharedMainViewModel = MainViewModel()
  var signedInContainer: MistakenSignedInContainer?
  weak var weakSignedInContainer: MistakenSignedInContainer?
  var firstSession: UserSession?
  var mainViewController: MainViewController?
  var pickMeUpContainer: MistakenPickMeUpContainer?
  /// `.appContainerKeepsTheRideHistory`: made at the first sign-in, kept for every session.
  lazy var sharedRideHistory = RideHistory()

  /// The containers whose mistake is a cycle, kept so ``breakCycles()`` can reach them after
  /// their story (the trace does not count this: it is no declared global).
  private static var cycles: [MistakenAppContainer] = []
  /// `.appContainerKeptByAStatic`'s shared instance.
  private static var shared: MistakenAppContainer?
  /// `.signedInContainerKeptByAStatic`'s current signed-in container.
  private static var currentSignedIn: MistakenSignedInContainer?

  /// Breaks the cycle `.appContainerKeepsMainScreen` made, once its story is over, so the test
  /// process itself leaks nothing (LeakSanitizer checks it at exit).
  static func breakCycles() {
    for container in cycles { container.mainViewController = nil }
    cycles.removeAll()
    shared = nil
    currentSignedIn = nil
  }

  init(mistake: Mistake) {
    self.mistake = mistake
    sharedUserSessionRepository = KooberUserSessionRepository(
      dataStore: KeychainUserSessionDataStore(userSessionCoder: UserSessionPropertyListCoder()),
      remoteAPI: FakeAuthRemoteAPI())
    if mistake == .appContainerKeepsMainScreen { Self.cycles.append(self) }
    if mistake == .appContainerKeptByAStatic { Self.shared = self }
  }

  func makeMainViewController() -> MainViewController {
    let launchViewController = LaunchViewController(
      viewModel: LaunchViewModel(
        userSessionRepository: sharedUserSessionRepository,
        notSignedInResponder: sharedMainViewModel, signedInResponder: sharedMainViewModel))
    let mainViewController = MainViewController(
      viewModel: sharedMainViewModel, launchViewController: launchViewController,
      onboardingViewControllerFactory: {
        MistakenOnboardingContainer(appContainer: self).makeOnboardingViewController()
      },
      signedInViewControllerFactory: { session in
        switch self.mistake {
        case .untracedSignedInContainerKeepsItsParent:
          return UntracedSignedInContainer(userSession: session, appContainer: self)
            .makeSignedInViewController()
        case .appContainerKeepsTheFirstSession:
          self.firstSession = self.firstSession ?? session
        case .crashesInSignUp:
          fatalError(mistakeCrashMessage)
        case .todoInSignUp:
          todo("make the signed-in screens")
        default: break
        }
        let container = MistakenSignedInContainer(userSession: session, appContainer: self)
        if self.mistake == .appContainerKeepsSignedInContainer {
          self.signedInContainer = container
        }
        if self.mistake == .signedInContainerKeptByAStatic {
          MistakenAppContainer.currentSignedIn = container
        }
        if self.mistake == .appContainerKeepsSignedInContainerWeakly {
          self.weakSignedInContainer = container
        }
        return container.makeSignedInViewController()
      })
    if mistake == .appContainerKeepsMainScreen { self.mainViewController = mainViewController }
    return mainViewController
  }
}

@MainActor
final class MistakenOnboardingContainer: WelcomeViewModelFactory, SignInViewModelFactory,
  SignUpViewModelFactory
{
  let lifetime = Lifetime(
    of: MistakenOnboardingContainer.self, scope: .onboarding, role: .container)
  let mistake: Mistake
  let sharedUserSessionRepository: any UserSessionRepository
  let sharedMainViewModel: MainViewModel
  let sharedOnboardingViewModel = OnboardingViewModel()

  init(appContainer: MistakenAppContainer) {
    mistake = appContainer.mistake
    sharedUserSessionRepository = appContainer.sharedUserSessionRepository
    sharedMainViewModel =
      mistake == .onboardingMakesItsOwnMainViewModel
      ? MainViewModel() : appContainer.sharedMainViewModel
  }

  func makeOnboardingViewController() -> OnboardingViewController {
    OnboardingViewController(
      viewModel: sharedOnboardingViewModel,
      welcomeViewController: WelcomeViewController(viewModelFactory: self),
      signInViewController: SignInViewController(viewModelFactory: self),
      signUpViewController: SignUpViewController(viewModelFactory: self))
  }

  func makeWelcomeViewModel() -> WelcomeViewModel {
    let navigator =
      mistake == .welcomeGetsItsOwnNavigator ? OnboardingViewModel() : sharedOnboardingViewModel
    return WelcomeViewModel(goToSignUpNavigator: navigator, goToSignInNavigator: navigator)
  }

  func makeSignInViewModel() -> SignInViewModel {
    SignInViewModel(
      userSessionRepository: sharedUserSessionRepository,
      signedInResponder: mistake == .signInRespondsToAStandIn
        ? StandInResponder() : sharedMainViewModel)
  }

  func makeSignUpViewModel() -> SignUpViewModel {
    SignUpViewModel(
      userSessionRepository: sharedUserSessionRepository, signedInResponder: sharedMainViewModel)
  }
}

@MainActor
final class MistakenSignedInContainer: ProfileViewModelFactory, PickMeUpViewControllerFactory {
  let lifetime = Lifetime(
    of: MistakenSignedInContainer.self, scope: .signedIn, role: .container)
  let mistake: Mistake
  let appContainer: MistakenAppContainer?
  let sharedUserSessionRepository: any UserSessionRepository
  let sharedMainViewModel: MainViewModel
  let userSession: UserSession
  let sharedSignedInViewModel = SignedInViewModel()
  /// The session's ride history: the app container's with `.appContainerKeepsTheRideHistory`,
  /// `nil` with the mistakes that make one per request. Lazy, so that the stories without rides
  /// make none.
  lazy var sharedRideHistory: RideHistory? =
    switch mistake {
    case .appContainerKeepsTheRideHistory: rideHistoryOfTheApp
    case .pickMeUpContainerMakesTheRideHistory, .rideHistoryMadeOnEachRequest,
      .rideHistoryKeptWeakly:
      nil
    case .rideHistoryInAStatic: RequestCycles.current?.rideHistoryOfEverySession()
    default: RideHistory()
    }
  /// `.appContainerKeepsTheRideHistory`'s history, the app container's.
  private let rideHistoryOfTheApp: RideHistory?
  /// `.appContainerMakesTheRequest`: the app container, which makes the requests' containers.
  weak var requestMaker: MistakenAppContainer?
  /// `.signedInContainerKeepsTheRequest`: the last request's view model.
  var lastRequest: PickMeUpViewModel?
  /// `.signedInContainerKeepsTheRequestScreen`: the last request's screen.
  var lastRequestScreen: PickMeUpViewController?
  /// `.rideHistoryKeptWeakly`'s history: referred to, not kept.
  weak var weakRideHistory: RideHistory?

  /// `.rideHistoryKeptWeakly`: the history, made anew when nothing kept the last one.
  func currentRideHistory() -> RideHistory {
    if let weakRideHistory { return weakRideHistory }
    let history = RideHistory()
    weakRideHistory = history
    return history
  }

  /// `.oneViewModelForEveryRequest`: made at the first request, shown by every one after.
  lazy var everyRequest = PickMeUpViewModel(
    pickupLocation: Story.pickupLocation, userSession: userSession,
    rideHistory: sharedRideHistory ?? RideHistory(),
    doneRequestingRideResponder: sharedSignedInViewModel)

  init(userSession: UserSession, appContainer: MistakenAppContainer) {
    mistake = appContainer.mistake
    self.appContainer = mistake == .signedInContainerKeepsItsParent ? appContainer : nil
    requestMaker = mistake == .appContainerMakesTheRequest ? appContainer : nil
    sharedUserSessionRepository = appContainer.sharedUserSessionRepository
    sharedMainViewModel = appContainer.sharedMainViewModel
    self.userSession = userSession
    rideHistoryOfTheApp =
      mistake == .appContainerKeepsTheRideHistory ? appContainer.sharedRideHistory : nil
  }

  func makeSignedInViewController() -> SignedInViewController {
    SignedInViewController(
      viewModel: sharedSignedInViewModel, userSession: userSession,
      profileViewController: ProfileViewController(viewModelFactory: self),
      pickMeUpViewControllerFactory: mistake == .signedInScreensCannotRequestRides ? nil : self)
  }

  /// `.oneRequestContainerForEveryRequest`'s container, the first request's.
  var firstRequestsContainer: MistakenPickMeUpContainer?
  /// `.signedInContainerKeepsOneFreshRequestContainer`'s one request container.
  lazy var everyRequestsContainer = FreshPickMeUpContainer(signedInContainer: self)

  func makePickMeUpViewController(pickupLocation: Location) -> PickMeUpViewController {
    if mistake == .oneRequestContainerForEveryRequest {
      let container =
        firstRequestsContainer
        ?? MistakenPickMeUpContainer(signedInContainer: self, pickupLocation: pickupLocation)
      firstRequestsContainer = container
      return container.makePickMeUpViewController()
    }
    if mistake == .signedInContainerKeepsOneFreshRequestContainer {
      return everyRequestsContainer.makePickMeUpViewController(pickupLocation: pickupLocation)
    }
    if mistake == .untracedPickMeUpContainer {
      return UntracedPickMeUpContainer(signedInContainer: self, pickupLocation: pickupLocation)
        .makePickMeUpViewController()
    }
    let container = MistakenPickMeUpContainer(
      signedInContainer: self, pickupLocation: pickupLocation)
    if let requestMaker { requestMaker.pickMeUpContainer = container }
    if mistake == .requestContainerKeptByAGlobal { RequestCycles.current?.keep(container) }
    if mistake == .signedInContainerKeepsTheRequest {
      lastRequest = container.sharedPickMeUpViewModel
    }
    let screen = container.makePickMeUpViewController()
    if mistake == .signedInContainerKeepsTheRequestScreen { lastRequestScreen = screen }
    return screen
  }

  func makeProfileViewModel() -> ProfileViewModel {
    ProfileViewModel(
      userSession: userSession,
      notSignedInResponder: mistake == .profileRespondsToANewMainViewModel
        ? MainViewModel() : sharedMainViewModel,
      doneWithProfileResponder: sharedSignedInViewModel,
      userSessionRepository: sharedUserSessionRepository)
  }
}

/// Exercise 4's container written without the `Lifetime` token, storing its parent.
@MainActor
final class UntracedSignedInContainer: ProfileViewModelFactory {
  let appContainer: MistakenAppContainer
  let userSession: UserSession
  let sharedSignedInViewModel = SignedInViewModel()

  init(userSession: UserSession, appContainer: MistakenAppContainer) {
    self.appContainer = appContainer
    self.userSession = userSession
  }

  func makeSignedInViewController() -> SignedInViewController {
    SignedInViewController(
      viewModel: sharedSignedInViewModel, userSession: userSession,
      profileViewController: ProfileViewController(viewModelFactory: self))
  }

  func makeProfileViewModel() -> ProfileViewModel {
    ProfileViewModel(
      userSession: userSession, notSignedInResponder: appContainer.sharedMainViewModel,
      doneWithProfileResponder: sharedSignedInViewModel,
      userSessionRepository: appContainer.sharedUserSessionRepository)
  }
}

/// Exercise 12's request container, with the ride mistakes.
@MainActor
final class MistakenPickMeUpContainer: RideOptionPickerViewModelFactory {
  let lifetime: Lifetime
  let mistake: Mistake
  let signedInContainer: MistakenSignedInContainer?
  let userSession: UserSession
  let sharedSignedInViewModel: SignedInViewModel
  /// The session's history, or `.pickMeUpContainerMakesTheRideHistory`'s own; `nil` with
  /// `.rideHistoryMadeOnEachRequest`, which hands a new one straight to the view model.
  let rideHistory: RideHistory?
  let sharedPickMeUpViewModel: PickMeUpViewModel

  init(signedInContainer: MistakenSignedInContainer, pickupLocation: Location) {
    lifetime = Lifetime(
      of: MistakenPickMeUpContainer.self,
      scope: signedInContainer.mistake == .pickMeUpContainerTokenSaysSignedIn
        ? .signedIn : .pickMeUp,
      role: .container)
    mistake = signedInContainer.mistake
    self.signedInContainer =
      mistake == .pickMeUpContainerKeepsItsParent ? signedInContainer : nil
    let session = signedInContainer.userSession
    userSession =
      mistake == .pickMeUpMakesASecondSession
      ? UserSession(profile: session.profile, remoteSession: session.remoteSession) : session
    sharedSignedInViewModel = signedInContainer.sharedSignedInViewModel
    rideHistory =
      switch mistake {
      case .pickMeUpContainerMakesTheRideHistory: RideHistory()
      case .rideHistoryKeptWeakly: signedInContainer.currentRideHistory()
      default: signedInContainer.sharedRideHistory
      }
    let location =
      switch mistake {
      case .pickMeUpMadeUpItsLocation: Location(latitude: 0, longitude: 0)
      case .pickMeUpUsesTheStorysFirstLocation: Location(latitude: 37.5663, longitude: 126.9779)
      default: pickupLocation
      }
    sharedPickMeUpViewModel =
      mistake == .oneViewModelForEveryRequest
      ? signedInContainer.everyRequest
      : PickMeUpViewModel(
        pickupLocation: location,
        userSession: userSession, rideHistory: rideHistory ?? RideHistory(),
        doneRequestingRideResponder: sharedSignedInViewModel)
  }

  /// The ride options' screen, kept once made (only with ``Mistake/pickMeUpContainerCachesItsScreen``).
  var cachedRideOptions: RideOptionPickerViewController?

  /// ``Mistake/pickMeUpContainerCapturesItself``'s closure, which captures this container.
  var makeRideOptionsViewModel: (() -> RideOptionPickerViewModel)?

  func makePickMeUpViewController() -> PickMeUpViewController {
    let rideOptions = RideOptionPickerViewController(
      viewModelFactory: mistake == .pickMeUpContainerLetGoAtOnce
        ? RideOptionsFor(request: sharedPickMeUpViewModel) : self)
    if mistake == .pickMeUpContainerCachesItsScreen {
      cachedRideOptions = rideOptions
      RequestCycles.current?.note(self)
    }
    if mistake == .pickMeUpContainerCapturesItself {
      makeRideOptionsViewModel = {
        RideOptionPickerViewModel(rideOptionDeterminedResponder: self.sharedPickMeUpViewModel)
      }
      RequestCycles.current?.note(self)
    }
    return PickMeUpViewController(
      viewModel: sharedPickMeUpViewModel, rideOptionPickerViewController: rideOptions)
  }

  func makeRideOptionPickerViewModel() -> RideOptionPickerViewModel {
    RideOptionPickerViewModel(
      rideOptionDeterminedResponder: mistake == .rideOptionsReportToANewRequest
        ? PickMeUpViewModel(
          pickupLocation: Story.pickupLocation, userSession: userSession,
          rideHistory: rideHistory ?? RideHistory(),
          doneRequestingRideResponder: sharedSignedInViewModel)
        : sharedPickMeUpViewModel)
  }
}

/// The ride options' factory of ``Mistake/pickMeUpContainerLetGoAtOnce``: it keeps the request's
/// view model, which its view models report to, and not the container that made it.
@MainActor struct RideOptionsFor: RideOptionPickerViewModelFactory {
  let request: PickMeUpViewModel

  func makeRideOptionPickerViewModel() -> RideOptionPickerViewModel {
    RideOptionPickerViewModel(rideOptionDeterminedResponder: request)
  }
}

/// The request containers whose mistake is a cycle (``Mistake/pickMeUpContainerCachesItsScreen``),
/// noted while a test records its story, so that the test breaks their cycles once the story is
/// over and the test process itself leaks nothing (LeakSanitizer checks it at exit). Task-local,
/// so tests running in parallel each break only their own; the walk never sees it.
enum RequestCycles {
  @TaskLocal static var current: RequestCycleList?
}

/// The request containers one recording made with a cycle.
@MainActor final class RequestCycleList {
  private var containers: [MistakenPickMeUpContainer] = []
  /// ``Mistake/rideHistoryInAStatic``'s history: kept here, as a `static` would keep it, by
  /// nothing the story walks, but only for this recording (tests run side by side).
  private var sharedRideHistory: RideHistory?

  /// ``Mistake/requestContainerKeptByAGlobal``'s "current request", kept here as a global would
  /// keep it.
  private var keptContainers: [MistakenPickMeUpContainer] = []

  func keep(_ container: MistakenPickMeUpContainer) { keptContainers.append(container) }

  /// The one history of every session of this recording, made at first use.
  func rideHistoryOfEverySession() -> RideHistory {
    if let sharedRideHistory { return sharedRideHistory }
    let history = RideHistory()
    sharedRideHistory = history
    return history
  }

  func note(_ container: MistakenPickMeUpContainer) { containers.append(container) }

  /// Lets each container drop the screen it kept; returns how many there were.
  @discardableResult func breakAll() -> Int {
    for container in containers {
      container.cachedRideOptions = nil
      container.makeRideOptionsViewModel = nil
    }
    sharedRideHistory = nil
    keptContainers.removeAll()
    defer { containers.removeAll() }
    return containers.count
  }
}

/// Exercise 12's request container written without the `Lifetime` token.
@MainActor
final class UntracedPickMeUpContainer: RideOptionPickerViewModelFactory {
  let sharedPickMeUpViewModel: PickMeUpViewModel

  init(signedInContainer: MistakenSignedInContainer, pickupLocation: Location) {
    sharedPickMeUpViewModel = PickMeUpViewModel(
      pickupLocation: pickupLocation, userSession: signedInContainer.userSession,
      rideHistory: signedInContainer.sharedRideHistory ?? RideHistory(),
      doneRequestingRideResponder: signedInContainer.sharedSignedInViewModel)
  }

  func makePickMeUpViewController() -> PickMeUpViewController {
    PickMeUpViewController(
      viewModel: sharedPickMeUpViewModel,
      rideOptionPickerViewController: RideOptionPickerViewController(viewModelFactory: self))
  }

  func makeRideOptionPickerViewModel() -> RideOptionPickerViewModel {
    RideOptionPickerViewModel(rideOptionDeterminedResponder: sharedPickMeUpViewModel)
  }
}

/// ``Mistake/signedInContainerKeepsOneFreshRequestContainer``'s container: a pick-me-up container
/// that stores only what it copied from the session, and makes each request's objects on a call.
@MainActor
final class FreshPickMeUpContainer {
  let lifetime = Lifetime(of: FreshPickMeUpContainer.self, scope: .pickMeUp, role: .container)
  let userSession: UserSession
  let sharedSignedInViewModel: SignedInViewModel
  let rideHistory: RideHistory

  init(signedInContainer: MistakenSignedInContainer) {
    userSession = signedInContainer.userSession
    sharedSignedInViewModel = signedInContainer.sharedSignedInViewModel
    rideHistory = signedInContainer.sharedRideHistory ?? RideHistory()
  }

  func makePickMeUpViewController(pickupLocation: Location) -> PickMeUpViewController {
    let viewModel = PickMeUpViewModel(
      pickupLocation: pickupLocation, userSession: userSession, rideHistory: rideHistory,
      doneRequestingRideResponder: sharedSignedInViewModel)
    return PickMeUpViewController(
      viewModel: viewModel,
      rideOptionPickerViewController: RideOptionPickerViewController(
        viewModelFactory: RideOptionsOf(viewModel: viewModel)))
  }
}

/// The ride options' factory of one request's view model.
@MainActor
struct RideOptionsOf: RideOptionPickerViewModelFactory {
  let viewModel: PickMeUpViewModel

  func makeRideOptionPickerViewModel() -> RideOptionPickerViewModel {
    RideOptionPickerViewModel(rideOptionDeterminedResponder: viewModel)
  }
}
