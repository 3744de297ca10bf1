// Chapter 7's idea scoped by the view tree instead of a task: SwiftUI's environment. A view sets a
// value for the views below it (`.environment(_:_:)`), as `withDependencies` sets a key for what
// its operation makes; a view reads it (`@Environment`), as a `@Dependency` property does. Built
// only where SwiftUI exists: `swift build --package-path Chapters/07-ambient-dependencies/swiftui`.
#if canImport(SwiftUI)
  import SwiftUI

  // MARK: - What the signed-in scope carries

  /// Who is signed in: the value the signed-in screens set for the views below them, as chapter
  /// 7's sign-in sets `UserSessionKey` for what it makes.
  struct SignedInUser: Sendable, Equatable {
    let nickname: String
  }

  extension EnvironmentValues {
    /// The signed-in user, for the views below the signed-in screens; `nil` above them, the
    /// default that `@Entry` declares.
    @Entry var signedInUser: SignedInUser? = nil
  }

  // MARK: - A view model the views observe

  /// The profile's view model. `@Observable`: a view that reads `signedOut` is drawn again when
  /// it changes. Put in the environment by its type, and kept by the view that made it.
  @MainActor @Observable final class ProfileModel {
    private(set) var signedOut = false

    /// The "Sign out" button.
    func signOut() { signedOut = true }
  }

  // MARK: - The scope begins where a view sets it

  /// The signed-in screens: the scope begins here. The user and one profile model are set for
  /// the views below; `@State` keeps the model for as long as this view is on screen, as the
  /// signed-in screen keeps the profile's factory in chapter 7.
  struct SignedInScreens: View {
    let user: SignedInUser
    @State private var profileModel = ProfileModel()

    var body: some View {
      ProfileScreen()
        .environment(\.signedInUser, user)
        .environment(profileModel)
    }
  }

  /// The profile: reads the user and its model from the environment, wherever it sits below the
  /// signed-in screens. Shown anywhere else, it finds neither: both are `nil` (an optional
  /// `@Environment` of an `@Observable` type is `nil` when no view above set one).
  struct ProfileScreen: View {
    @Environment(\.signedInUser) private var user
    @Environment(ProfileModel.self) private var profileModel: ProfileModel?

    var body: some View {
      VStack {
        Text(user?.nickname ?? "nobody is signed in")
        Button("Sign out") { profileModel?.signOut() }
          .disabled(profileModel?.signedOut ?? true)
      }
    }
  }
#endif
