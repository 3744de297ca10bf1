import ObjectTrace

/// The tracer's English words for a closure's capture, as the rules' Korean texts say them: the
/// tracer writes its places and cycles in English (`ObjectGraph.Link.place(in:)`), and the rules
/// quote them in Korean messages.
enum KoreanTracerText {
  /// `the closure in Holder#1.label` → `Holder#1.label의 클로저`; any other place as it is.
  static func place(_ english: String) -> String {
    guard english.hasPrefix(ObjectGraph.Link.closurePlace) else { return english }
    return english.dropFirst(ObjectGraph.Link.closurePlace.count) + "의 클로저"
  }

  /// A cycle's steps with `Holder#1.label (a closure)` → `Holder#1.label (클로저)`.
  static func cycle(_ english: String) -> String {
    english.replacing(ObjectGraph.Link.closureStep, with: " (클로저)")
  }
}
