import KooberStory

/// The exit status of a starter that reached a ``todo(_:file:line:)``: "not done yet".
public let todoExitStatus: Int32 = 3

/// Marks what a learner still has to write: prints `TODO: <what> (<file>:<line>)` on standard
/// error and ends the process with ``todoExitStatus`` — never a crash, never a backtrace.
///
/// It returns `Never`, so it stands in for any value: `return todo("make the profile screen")`.
public func todo(_ what: String, file: StaticString = #filePath, line: UInt = #line) -> Never {
  StandardStream.error.write("TODO: \(what) (\(packageRelative("\(file)")):\(line))\n")
  exitProcess(todoExitStatus)
}

/// `Chapters/…/exercise/File.swift` from an absolute path, so the line reads the same on every
/// machine.
func packageRelative(_ path: String) -> String {
  let parts = path.split(separator: "/", omittingEmptySubsequences: false)
  guard let start = parts.lastIndex(of: "Chapters") else { return path }
  return parts[start...].joined(separator: "/")
}
