import ObjectTrace
import Testing

@testable import KooberKit

/// The screens' behaviour on their own, with the fakes the domain ships.
@MainActor
@Suite struct ViewModelTests {
  /// A data store whose every call fails, as a corrupt keychain would.
  final class FailingDataStore: UserSessionDataStore {
    func readUserSession() throws -> UserSession? { throw KooberError.dataStore("broken") }
    func save(userSession: UserSession) throws { throw KooberError.dataStore("broken") }
    func delete(userSession: UserSession) throws { throw KooberError.dataStore("broken") }
  }

  private func repository(_ store: (any UserSessionDataStore)? = nil) -> KooberUserSessionRepository
  {
    KooberUserSessionRepository(
      dataStore: store
        ?? KeychainUserSessionDataStore(userSessionCoder: UserSessionPropertyListCoder()),
      remoteAPI: FakeAuthRemoteAPI())
  }

  @Test func launchWithNoSessionGoesToOnboarding() async {
    let main = MainViewModel()
    let launch = LaunchViewModel(
      userSessionRepository: repository(), notSignedInResponder: main, signedInResponder: main)
    await launch.loadUserSession()
    guard case .onboarding = main.view else {
      Issue.record("expected onboarding, got \(main.view)")
      return
    }
    #expect(launch.errorMessage == nil)
  }

  @Test func aFailingStoreSendsLaunchToOnboardingWithAnError() async {
    let main = MainViewModel()
    let launch = LaunchViewModel(
      userSessionRepository: repository(FailingDataStore()), notSignedInResponder: main,
      signedInResponder: main)
    await launch.loadUserSession()
    guard case .onboarding = main.view else {
      Issue.record("expected onboarding, got \(main.view)")
      return
    }
    #expect(launch.errorMessage == "Saved session: broken")
  }

  @Test func aWrongPasswordShowsAnErrorAndSignsNobodyIn() async {
    let main = MainViewModel()
    let signIn = SignInViewModel(userSessionRepository: repository(), signedInResponder: main)
    signIn.email = "johnny@gmail.com"
    signIn.password = Secret("nope")
    await signIn.signIn()
    #expect(signIn.errorMessage == "Incorrect email or password.")
    guard case .launching = main.view else {
      Issue.record("a failed sign-in must not move the main view model")
      return
    }
    signIn.password = Secret("password")
    await signIn.signIn()
    #expect(signIn.errorMessage == nil)
    guard case .signedIn(let session) = main.view else {
      Issue.record("expected signed in")
      return
    }
    #expect(session.profile.nickname == "johnny")
  }

  @Test func welcomeButtonsMoveTheOnboarding() {
    let onboarding = OnboardingViewModel()
    let welcome = WelcomeViewModel(goToSignUpNavigator: onboarding, goToSignInNavigator: onboarding)
    #expect(onboarding.view == .welcome)
    welcome.showSignUpView()
    #expect(onboarding.view == .signUp)
    welcome.showSignInView()
    #expect(onboarding.view == .signIn)
  }

  @Test func aScreenMakesItsViewModelWhenFirstShown() {
    var made = 0
    let onboarding = OnboardingViewModel()
    let screen = WelcomeViewController(
      viewModelFactory: MakeViewModel {
        made += 1
        return WelcomeViewModel(goToSignUpNavigator: onboarding, goToSignInNavigator: onboarding)
      })
    #expect(screen.viewModel == nil)
    screen.render()
    screen.render()
    #expect(made == 1)
    #expect(screen.viewModel?.goToSignInNavigator === onboarding)
  }

  @Test func signOutTellsTheResponderAndClosingTheProfileGoesHome() async {
    let main = MainViewModel()
    let signedIn = SignedInViewModel()
    let session = UserSession(
      profile: UserProfile(name: "N", nickname: "n", email: "e", mobileNumber: "m"),
      remoteSession: RemoteUserSession(token: Secret("t")))
    let profile = ProfileViewModel(
      userSession: session, notSignedInResponder: main, doneWithProfileResponder: signedIn,
      userSessionRepository: repository())
    signedIn.showProfile()
    profile.closeProfile()
    #expect(signedIn.view == .home)
    await profile.signOut()
    guard case .onboarding = main.view else {
      Issue.record("sign-out should show onboarding")
      return
    }
  }

  // MARK: - A ride request

  /// Makes each request's screens as a request's container would: a new view model per call.
  final class RequestMaker: PickMeUpViewControllerFactory, RideOptionPickerViewModelFactory {
    let session: UserSession
    let signedIn: SignedInViewModel
    var made: [PickMeUpViewModel] = []

    init(session: UserSession, signedIn: SignedInViewModel) {
      self.session = session
      self.signedIn = signedIn
    }

    func makePickMeUpViewController(pickupLocation: Location) -> PickMeUpViewController {
      made.append(
        PickMeUpViewModel(
          pickupLocation: pickupLocation, userSession: session, rideHistory: RideHistory(),
          doneRequestingRideResponder: signedIn))
      return PickMeUpViewController(
        viewModel: made[made.count - 1],
        rideOptionPickerViewController: RideOptionPickerViewController(viewModelFactory: self))
    }

    func makeRideOptionPickerViewModel() -> RideOptionPickerViewModel {
      RideOptionPickerViewModel(rideOptionDeterminedResponder: made[made.count - 1])
    }
  }

  static let seoulCityHall = Location(latitude: 37.5663, longitude: 126.9779)

  @Test func aRideIsSentOnlyOncePickedAndSendingEndsTheRequest() throws {
    let signedIn = SignedInViewModel()
    let session = UserSession(
      profile: UserProfile(name: "N", nickname: "n", email: "e", mobileNumber: "m"),
      remoteSession: RemoteUserSession(token: Secret("t")))
    let history = RideHistory()
    let request = PickMeUpViewModel(
      pickupLocation: Self.seoulCityHall, userSession: session, rideHistory: history,
      doneRequestingRideResponder: signedIn)
    signedIn.pickMeUp(at: Self.seoulCityHall)
    request.sendRideRequest()
    #expect(request.errorMessage == "Pick a ride first.")
    #expect(history.sentRides.isEmpty)
    #expect(signedIn.view == .pickMeUp(pickupLocation: Self.seoulCityHall))
    RideOptionPickerViewModel(rideOptionDeterminedResponder: request).pick(.kangaroo)
    #expect(request.rideOption == .kangaroo)
    #expect(request.errorMessage == nil)
    request.sendRideRequest()
    #expect(history.sentRides == [.kangaroo])
    #expect(signedIn.view == .home)
  }

  /// A request suggests the last ride sent with the history it was given: what every request of
  /// a session sharing one history is for.
  @Test func aRequestSuggestsTheLastRideItsHistoryRecorded() {
    let session = UserSession(
      profile: UserProfile(name: "N", nickname: "n", email: "e", mobileNumber: "m"),
      remoteSession: RemoteUserSession(token: Secret("t")))
    func request(_ history: RideHistory) -> PickMeUpViewModel {
      PickMeUpViewModel(
        pickupLocation: Self.seoulCityHall, userSession: session, rideHistory: history,
        doneRequestingRideResponder: SignedInViewModel())
    }
    let history = RideHistory()
    let first = request(history)
    #expect(first.suggestedRide == nil)
    first.pickedRideOption(.wallaroo)
    first.sendRideRequest()
    #expect(request(history).suggestedRide == .wallaroo)
    #expect(request(RideHistory()).suggestedRide == nil)
  }

  /// The signed-in screen makes a request's screens when one opens and drops them when it ends:
  /// what lets the request's objects go.
  @Test func theSignedInScreenDropsARequestsScreensWhenItEnds() throws {
    let signedIn = SignedInViewModel()
    let session = UserSession(
      profile: UserProfile(name: "N", nickname: "n", email: "e", mobileNumber: "m"),
      remoteSession: RemoteUserSession(token: Secret("t")))
    let maker = RequestMaker(session: session, signedIn: signedIn)
    final class NoProfile: ProfileViewModelFactory {
      func makeProfileViewModel() -> ProfileViewModel { fatalError("not shown") }
    }
    let screen = SignedInViewController(
      viewModel: signedIn, userSession: session,
      profileViewController: ProfileViewController(viewModelFactory: NoProfile()),
      pickMeUpViewControllerFactory: maker)
    weak var firstRequest: PickMeUpViewController?
    signedIn.pickMeUp(at: Self.seoulCityHall)
    screen.render()
    do {
      let shown = try #require(screen.shown(PickMeUpViewController.self))
      #expect(shown.viewModel === maker.made.first)
      #expect(shown.viewModel.pickupLocation == Self.seoulCityHall)
      #expect(screen.shown(RideOptionPickerViewController.self)?.viewModel != nil)
      firstRequest = shown
    }
    screen.render()
    #expect(maker.made.count == 1, "one request, one view model, however often it renders")
    maker.made.first?.cancel()
    screen.render()
    #expect(screen.pickMeUpViewController == nil)
    #expect(firstRequest == nil)
    signedIn.pickMeUp(at: Self.seoulCityHall)
    screen.render()
    #expect(maker.made.count == 2)
    #expect(screen.pickMeUpViewController?.viewModel === maker.made.last)
  }
}
