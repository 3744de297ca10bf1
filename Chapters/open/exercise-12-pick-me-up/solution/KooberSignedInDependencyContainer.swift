// Chapter 4's signed-in container, whose screens can now request a ride: "Pick me up" asks this
// container for a ride request's screens. Write `makePickMeUpViewController(pickupLocation:)`
// below, and whatever it needs in files of your own.
// Check it with `swift run workbook check 12`; stuck? `swift run workbook hint 12`.
import KooberKit
import KooberRules
import ObjectTrace

/// One signed-in session's container: born at sign-in, gone at sign-out, with the session.
@MainActor
public final class KooberSignedInDependencyContainer {
  let lifetime = Lifetime(
    of: KooberSignedInDependencyContainer.self, scope: .signedIn, role: .container)

  // MARK: - From the parent container

  let sharedUserSessionRepository: any UserSessionRepository
  let sharedMainViewModel: MainViewModel

  // MARK: - Long-lived within the session

  let userSession: UserSession
  let sharedSignedInViewModel: SignedInViewModel
  // exercise: begin
  let sharedRideHistory = RideHistory()
  // exercise: starter
  // exercise: end

  /// Creates the container for `userSession`.
  public init(userSession: UserSession, appDependencyContainer: KooberAppDependencyContainer) {
    func makeSignedInViewModel() -> SignedInViewModel {
      SignedInViewModel()
    }

    self.sharedUserSessionRepository = appDependencyContainer.sharedUserSessionRepository
    self.sharedMainViewModel = appDependencyContainer.sharedMainViewModel
    self.userSession = userSession
    self.sharedSignedInViewModel = makeSignedInViewModel()
  }

  // MARK: - Signed in

  /// The signed-in screens; this container makes their ride requests.
  public func makeSignedInViewController() -> SignedInViewController {
    SignedInViewController(
      viewModel: sharedSignedInViewModel, userSession: userSession,
      profileViewController: makeProfileViewController(), pickMeUpViewControllerFactory: self)
  }

  /// The profile screen; this container is its view model factory.
  public func makeProfileViewController() -> ProfileViewController {
    ProfileViewController(viewModelFactory: self)
  }
}

// MARK: - View model factories

extension KooberSignedInDependencyContainer: ProfileViewModelFactory {
  public func makeProfileViewModel() -> ProfileViewModel {
    ProfileViewModel(
      userSession: userSession, notSignedInResponder: sharedMainViewModel,
      doneWithProfileResponder: sharedSignedInViewModel,
      userSessionRepository: sharedUserSessionRepository)
  }
}

// MARK: - Ride requests

extension KooberSignedInDependencyContainer: PickMeUpViewControllerFactory {
  /// A new ride request's screens; `SignedInViewController` calls this each time the rider taps
  /// "Pick me up".
  public func makePickMeUpViewController(pickupLocation: Location) -> PickMeUpViewController {
    // exercise: begin
    KooberPickMeUpDependencyContainer(
      signedInDependencyContainer: self, pickupLocation: pickupLocation
    )
    .makePickMeUpViewController()
    // exercise: starter
    // todo(
    //   "make a new ride request's screens: decide which objects it has, and who makes and keeps each",
    //   ko: "새 승차 요청의 화면을 만드세요: 요청에 어떤 객체가 있는지, 각각을 누가 만들고 붙잡는지 정하세요")
    // exercise: end
  }
}
