import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Process {
  /// Starts the process, and returns its ``Ending``: what says, at once, that it has ended.
  ///
  /// On Linux, Foundation's `waitUntilExit()` looks whether the process has ended every 50 ms: a
  /// short program costs up to 50 ms more than it runs (`/bin/true` took 45 ms a run with it and
  /// 1.3 ms with this on the bench machine). The ending is told through `terminationHandler`,
  /// which this sets: set none of your own.
  ///
  /// The program starts with no signal blocked. A program inherits the blocked signals of the
  /// thread that starts it, and a Dispatch or Swift-concurrency thread on Linux blocks SIGTERM
  /// and SIGINT: started from there, a program would outlive Ctrl-C and `terminate()`.
  public func start() throws -> Ending {
    // Foundation lets go of a process's run-loop source only in `waitUntilExit()`, which then
    // returns at once: without it, every run's process, pipes and environment stayed alive
    // (LeakSanitizer saw them). Held weakly: the process holds the handler, which holds this.
    let held = WeaklyHeld(self)
    let ending = Ending { held.process?.waitUntilExit() }
    terminationHandler = { _ in ending.ended.signal() }
    var none = sigset_t()
    var blocked = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &blocked)
    defer { pthread_sigmask(SIG_SETMASK, &blocked, nil) }
    try run()
    return ending
  }

  /// A process held weakly, to be called from any thread. `Process` is `Sendable` in
  /// swift-corelibs-foundation and in the macOS 26 SDK, not in earlier SDKs (Xcode 16), where a
  /// `@Sendable` closure could not capture it.
  private final class WeaklyHeld: @unchecked Sendable {
    weak var process: Process?
    init(_ process: Process) { self.process = process }
  }

  /// The end of a started process: ``wait()`` returns once it has ended, and then its
  /// `terminationStatus` and `terminationReason` are set.
  public final class Ending: Sendable {
    fileprivate let ended = DispatchSemaphore(value: 0)
    /// Foundation's own end of the run, called once the process has ended.
    private let finish: @Sendable () -> Void

    fileprivate init(finish: @escaping @Sendable () -> Void) { self.finish = finish }

    /// Waits until the process has ended.
    public func wait() {
      ended.wait()
      ended.signal()  // for a later wait
      finish()
    }

    /// Waits until the process has ended or `seconds` have passed; returns whether it ended.
    public func wait(seconds: TimeInterval) -> Bool {
      guard ended.wait(timeout: .now() + seconds) == .success else { return false }
      ended.signal()
      finish()
      return true
    }
  }
}
