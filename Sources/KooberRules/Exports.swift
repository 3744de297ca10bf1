// What an exercise's files import with `import KooberRules`: the rules, and the runtime that
// runs and reports them (`todo`, the channel, the verdicts), as before the runtime had a module
// of its own.
@_exported import ExerciseRuntime
// And exercises 9 and 11's code under test (`makeSignInViewModel`), which their tests call.
@_exported import TestWritingExercises
