import Bilingual
import KooberChapter
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an exercise executable says when the learner's code crashes: the step it crashed in,
/// in place of the runtime's backtrace.
///
/// The runtime prints its one useful line (`…/File.swift:38: Fatal error: x`) before it traps;
/// the backtrace that follows is pages of frames in the workbook's and the runtime's code. Once
/// ``install()`` has run, a trap (or a bad memory access) prints one line naming the step that
/// was running and ends the process by the same signal, so its exit status still says "crashed".
package enum CrashNotice {
  /// The signals a crash in Swift code ends with: a runtime trap (`SIGILL` on x86-64, `SIGTRAP`
  /// on arm64), an abort, a bad memory access, an arithmetic fault.
  private static let signals = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

  /// Room for the line the handler writes; filled before the crash, so the handler only writes.
  private static let capacity = 256
  /// The line, as bytes; read by the signal handler with `write(2)` only.
  nonisolated(unsafe) fileprivate static let line = UnsafeMutablePointer<CChar>.allocate(
    capacity: capacity)
  nonisolated(unsafe) fileprivate static var length = 0
  /// The ``ExerciseEvent/crashed(step:)`` line for the ``ReportChannel``, as bytes, likewise.
  nonisolated(unsafe) fileprivate static let event = UnsafeMutablePointer<CChar>.allocate(
    capacity: capacity)
  nonisolated(unsafe) fileprivate static var eventLength = 0

  /// What to print on standard output if the process crashes now (`--trace --format html`: the
  /// page of the steps that finished), made before the crash; the handler only writes it.
  nonisolated(unsafe) fileprivate static var output: UnsafeMutableBufferPointer<UInt8>?

  /// Sets what a crash prints on standard output (`nil`: nothing).
  package static func printOnCrash(_ text: String?) {
    let previous = output
    output = nil
    previous?.deallocate()
    guard let text else { return }
    let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
    _ = bytes.initialize(from: text.utf8)
    output = bytes
  }

  /// A stack of its own for the handler, so that it still runs when the crash is a stack
  /// overflow (endless recursion); made once.
  nonisolated(unsafe) private static var alternateStack: UnsafeMutableRawPointer?
  private static let alternateStackSize = 256 * 1024

  /// Replaces the runtime's crash handler with one that names the running step.
  package static func install() {
    // Everything the handler reads is made here, not lazily inside the handler.
    running(nil)
    printOnCrash(nil)
    _ = ReportChannel.descriptor.load(ordering: .relaxed)
    // A thread that has an alternate stack already (the address sanitizer gives each thread
    // one, and unmaps it at the thread's end) keeps it: the handler runs on that one.
    var current = stack_t()
    sigaltstack(nil, &current)
    if alternateStack == nil, current.ss_flags & Int32(SS_DISABLE) != 0 {
      let memory = UnsafeMutableRawPointer.allocate(byteCount: alternateStackSize, alignment: 16)
      alternateStack = memory
      var stack = stack_t()
      stack.ss_sp = memory
      stack.ss_size = alternateStackSize
      stack.ss_flags = 0
      sigaltstack(&stack, nil)
    }
    for signal in signals {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = crashed
      #else
        action.__sigaction_u.__sa_handler = crashed
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(SA_ONSTACK)
      sigaction(signal, &action, nil)
    }
  }

  /// Records that `step` is running (`nil`: none yet, or the story is over).
  package static func running(_ step: StoryStep?) {
    let text =
      (step.map { "\nthe story crashed in step \($0.name)" } ?? "\nthe check crashed")
      + ": the line above says why\n"
    record(text, ExerciseEvent.crashed(step: step).line)
  }

  /// Records what a check with no story is doing now, in the run's language: a crash says it.
  package static func doing(_ what: Localized) {
    let doing = what.text(in: WorkbookLanguage.current)
    record(
      "\nthe check crashed while \(what.en): the line above says why\n",
      ExerciseEvent.crashed(step: nil, doing: doing).line)
  }

  /// Fills the line for the learner and the channel's event, before any crash.
  private static func record(_ text: String, _ crashed: String) {
    length = fill(line, with: text)
    eventLength = crashed.utf8.count <= capacity ? fill(event, with: crashed) : 0
  }

  /// Copies `text` into `buffer`, cut to its capacity; returns the count of bytes.
  private static func fill(_ buffer: UnsafeMutablePointer<CChar>, with text: String) -> Int {
    let bytes = Array(text.utf8.prefix(capacity))
    for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
    return bytes.count
  }
}

/// The signal handler: async-signal-safe calls only (`write`, `signal`, `raise`): the output
/// prepared for a crash, the line for the learner, the event for the checker's channel. It restores
/// the default action and raises the signal again, so the process ends by it.
private func crashed(_ number: Int32) {
  if let output = CrashNotice.output, let start = output.baseAddress {
    var written = 0
    while written < output.count {
      let count = write(1, start + written, output.count - written)
      guard count > 0 else { break }
      written += count
    }
  }
  _ = write(2, CrashNotice.line, CrashNotice.length)
  let channel = ReportChannel.descriptor.load(ordering: .relaxed)
  if channel >= 0 { _ = write(channel, CrashNotice.event, CrashNotice.eventLength) }
  signal(number, SIG_DFL)
  raise(number)
}
