// Runs exercise 5's check on this folder's code: `swift run workbook check 5` builds and runs it
// for you. You do not need to edit this file.
import Chapter5ProtocolDI
import KooberRules
import KooberStory
import ObjectTrace

// Exercise 5's rules look at the form built alone: there is no story to play. They are made
// once the command line is read, so `--help` runs none of your code.
await ExerciseCheck.main(
  exercise: 5, chapter: nil,
  extraRules: await Rule.injection(
    // Built through your composition root, which must hand the form the API its services make.
    signInAlone: { api, responder in
      let form = QuickSignInComposition.makeQuickSignInViewModel(
        services: KooberServices(makeAuthRemoteAPI: { api }), signedInResponder: responder)
      form.email = Story.Credentials.email
      form.password = Secret(Story.Credentials.password)
      await form.signIn()
    },
    compositionRoot: { makeAPI in
      QuickSignInComposition.makeQuickSignInViewModel(
        services: KooberServices(makeAuthRemoteAPI: makeAPI), signedInResponder: PreviewResponder())
    },
    preview: {
      let form = QuickSignInComposition.makePreview()
      form.email = Story.Credentials.email
      form.password = Secret(Story.Credentials.password)
      await form.signIn()
      return form.errorMessage
    },
    singletonCalls: { KooberAuthService.shared.callCount },
    viewModelSource: Rule.source(beside: #filePath, named: "QuickSignInViewModel.swift")))
