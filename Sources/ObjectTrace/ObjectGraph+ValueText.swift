#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// A plain stored value as the trace shows it, secrets redacted.
extension ObjectGraph {
  // MARK: - Rendering plain values

  /// Whether a property with this name holds a secret even when its type does not say so.
  static func isSecretName(_ label: String) -> Bool {
    secretNames.value(for: label) { label in
      let name = label.lowercased()
      return ["password", "token", "secret"].contains { name.contains($0) }
    }
  }

  func render(_ value: Any, label: String? = nil, depth: Int = 0) -> String {
    if let label, known.isSecretName(label) { return Secret<String>.placeholder }
    switch known.kind(of: value) {
    case .redacted: return Secret<String>.placeholder
    case .string: if let string = value as? String { return Self.quoted(string) }
    case .scalar where type(of: value) == Int.self:
      if let int = value as? Int { return String(int) }
    case .url: if let url = value as? URL { return Self.stable(url) }
    case .data: if let data = value as? Data { return "\(data.count) bytes" }
    case .pointer: return "‹pointer›"
    case .scalar: return String(describing: value)
    case .optionalObject where Self.optionalObject(in: value).map { $0 == nil } == true:
      return "nil"
    case .objectArray where Self.objects(in: value)?.isEmpty == true: return "[]"
    case .object, .optionalObject, .objectArray, .closure, .task, .other: break
    }
    let mirror = Mirror(reflecting: value)
    guard depth < Self.maximumValueDepth || mirror.children.isEmpty else { return "…" }
    func inner(_ value: Any) -> String { render(value, depth: depth + 1) }
    switch mirror.displayStyle {
    case .class:
      let object = value as AnyObject
      return keyByIdentity[ObjectIdentifier(object)].map { nodes[$0].id }
        ?? Self.typeName(of: object)
    case .optional:
      return mirror.children.first.map { inner($0.value) } ?? "nil"
    case .enum:
      guard let payload = mirror.children.first else { return String(describing: value) }
      let caseName = payload.label ?? "?"
      let payloadMirror = Mirror(reflecting: payload.value)
      if payloadMirror.displayStyle == .tuple {
        return "\(caseName)(\(renderChildren(payloadMirror, depth: depth + 1)))"
      }
      return "\(caseName)(\(inner(payload.value)))"
    case .struct:
      return "\(Self.typeName(of: value))(\(renderChildren(mirror, depth: depth)))"
    case .tuple:
      return "(\(renderChildren(mirror, depth: depth)))"
    case .collection:
      return "[" + Self.bounded(mirror.children.lazy.map { inner($0.value) }) + "]"
    case .set:
      return "[" + Self.bounded(mirror.children.map { inner($0.value) }.sorted()) + "]"
    case .dictionary:
      let pairs = mirror.children.map { pair -> String in
        let parts = Array(Mirror(reflecting: pair.value).children)
        guard parts.count == 2 else { return inner(pair.value) }
        return "\(inner(parts[0].value)): \(inner(parts[1].value))"
      }
      return pairs.isEmpty ? "[:]" : "[" + Self.bounded(pairs.sorted()) + "]"
    default:
      return isClosure(value, mirror: mirror) ? "ƒ" : String(describing: value)
    }
  }

  /// `string` as Swift writes it in code, quoted and escaped (`String(reflecting:)`); a string of
  /// printable ASCII without quotes, apostrophes or backslashes, most of them, is only put in
  /// quotes.
  static func quoted(_ string: String) -> String {
    let plain = string.utf8.allSatisfy {
      $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x27 && $0 != 0x5C
    }
    return plain ? "\"" + string + "\"" : String(reflecting: string)
  }

  /// The first ``maximumElements`` texts, comma-separated, and how many more there are.
  static func bounded(_ texts: some Sequence<String>) -> String {
    var shown: [String] = []
    var more = 0
    for text in texts {
      if shown.count < maximumElements { shown.append(text) } else { more += 1 }
    }
    return shown.joined(separator: ", ") + (more > 0 ? ", … \(more) more" : "")
  }

  /// `url` as the trace prints it: a loopback URL's ephemeral port (32768 and up) changes every
  /// run, so it prints as `‹port›` and two runs stay byte-identical.
  public static func stable(_ url: URL) -> String {
    guard let port = url.port, port >= 32_768, ["127.0.0.1", "localhost"].contains(url.host)
    else { return url.absoluteString }
    return url.absoluteString.replacing(":\(port)", with: ":‹port›", maxReplacements: 1)
  }

  func renderChildren(_ mirror: Mirror, depth: Int) -> String {
    Self.bounded(
      mirror.children.lazy.map { child in
        let text = render(child.value, label: child.label, depth: depth + 1)
        guard let label = child.label, !label.hasPrefix(".") else { return text }
        return "\(label): \(text)"
      })
  }
}
