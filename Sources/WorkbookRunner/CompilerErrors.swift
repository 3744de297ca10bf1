extension ExerciseBuild {
  /// The compiler's errors in `folder`'s files, each with the source lines the compiler shows
  /// under it, paths made relative, each error once; everything when none is in `folder`.
  static func compilerErrors(in output: String, folder: String, relativeTo root: String)
    -> [String]
  {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var errors: [String] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      index += 1
      guard line.hasPrefix(folder + "/"), line.contains(": error: ") else { continue }
      var block = [String(line.dropFirst(root.count + 1))]
      while index < lines.count, Self.isContext(lines[index]) {
        block.append(lines[index])
        index += 1
      }
      let text = block.joined(separator: "\n")
      if !errors.contains(text) { errors.append(text) }
    }
    if errors.isEmpty {
      let tail = lines.filter { !$0.isEmpty }.suffix(12)
      return tail.isEmpty ? ["the build failed without a message"] : [tail.joined(separator: "\n")]
    }
    return Array(errors.prefix(8))
  }

  /// A line of the source excerpt the compiler prints under an error (`12 | …`, `   | ^`).
  private static func isContext(_ line: String) -> Bool {
    let trimmed = line.drop { $0 == " " }
    let number = trimmed.prefix { $0.isNumber }
    return trimmed.dropFirst(number.count).hasPrefix(" |") || trimmed.hasPrefix("|")
  }
}
