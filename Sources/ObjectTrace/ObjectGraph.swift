#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The objects reachable from some roots, read from their stored properties through reflection.
///
/// Nothing here is declared by hand: an edge exists because an object's stored property (or a
/// value inside it — an optional, an enum payload, an array, a struct, an existential) refers to
/// another object. Traced objects (those storing a ``Lifetime``) are walked into; other class
/// instances are shown as opaque leaves; closures are shown as factories.
public struct ObjectGraph {
  /// One object in the graph.
  public struct Node {
    /// The object's registry record; `nil` for a class instance that stores no ``Lifetime``.
    public let record: LifetimeRegistry.Record?
    /// The unqualified type name.
    public let typeName: String
    /// Stored properties that hold plain values, rendered (secrets redacted).
    public internal(set) var fields: [Field] = []
    /// Stored references to objects and closures, in property order.
    public internal(set) var links: [Link] = []
    /// The object itself, unretained: the graph never keeps anything alive, and forms no weak
    /// reference either. Valid only while the object is alive — while its registry record is.
    public let unretained: Unmanaged<AnyObject>

    /// `TypeName#n` for a traced object, the type name otherwise.
    public var id: String { record?.id ?? typeName }
  }

  /// A stored property holding a plain value.
  public struct Field: Hashable, Sendable, Codable {
    /// The property's name.
    public let label: String
    /// The value as the trace prints it.
    public let text: String

    /// Creates a field.
    public init(label: String, text: String) {
      self.label = label
      self.text = text
    }
  }

  /// A stored reference from one object to another object or to a closure.
  public struct Link {
    /// The name of the holder's stored property.
    public let label: String
    /// What the property refers to.
    public let target: Target
  }

  /// The far end of a ``Link``.
  public enum Target: Equatable {
    /// Another node, by its index in ``ObjectGraph/nodes``.
    case node(Int)
    /// A closure, with its type, e.g. `(UserSession) -> SignedInViewController`.
    case factory(String)
  }

  /// A named entry point of the graph.
  public struct Root {
    /// How the root is named: a property of the app, or a global's name.
    public let label: String
    /// The node it refers to.
    public let node: Int
    /// Whether this root is a declared global variable.
    public let isGlobal: Bool
  }

  /// Every reachable object, in depth-first order of first discovery.
  public private(set) var nodes: [Node] = []
  /// The roots, in the order given.
  public private(set) var roots: [Root] = []

  private var keyByIdentity: [ObjectIdentifier: Int] = [:]
  /// Keeps the walked objects alive while the walk runs, so an identity is never reused.
  private var retained: [AnyObject] = []

  /// Walks the graph from `roots`.
  public init(roots: [(label: String, object: AnyObject, isGlobal: Bool)]) {
    for root in roots {
      let node = visit(root.object)
      self.roots.append(Root(label: root.label, node: node, isGlobal: root.isGlobal))
    }
    retained.removeAll()
  }

  // MARK: - Walking

  private mutating func visit(_ object: AnyObject) -> Int {
    let identity = ObjectIdentifier(object)
    if let known = keyByIdentity[identity] { return known }
    retained.append(object)
    let mirror = Mirror(reflecting: object)
    let token = mirror.children.lazy.compactMap { $0.value as? Lifetime }.first
    let key = nodes.count
    keyByIdentity[identity] = key
    nodes.append(
      Node(
        record: token?.record, typeName: Self.typeName(of: object),
        unretained: Unmanaged.passUnretained(object)))
    guard token != nil else { return key }  // untraced: an opaque leaf

    var fields: [Field] = []
    var links: [Link] = []
    for child in Self.storedProperties(of: mirror) where !(child.value is Lifetime) {
      let label = Self.propertyName(child.label)
      let valueMirror = Mirror(reflecting: child.value)
      let references = Self.references(in: child.value, mirror: valueMirror)
      for reference in references {
        switch reference {
        case .object(let object): links.append(Link(label: label, target: .node(visit(object))))
        case .closure(let type): links.append(Link(label: label, target: .factory(type)))
        }
      }
      // A value holding references is drawn as links; an enum also shows its case.
      if references.isEmpty || valueMirror.displayStyle == .enum {
        fields.append(Field(label: label, text: render(child.value, label: label)))
      }
    }
    nodes[key].fields = fields
    nodes[key].links = links
    return key
  }

  private static func storedProperties(of mirror: Mirror) -> [Mirror.Child] {
    var children: [Mirror.Child] = []
    if let superclass = mirror.superclassMirror { children += storedProperties(of: superclass) }
    return children + mirror.children
  }

  /// `lazy var viewModel` is stored as `$__lazy_storage_$_viewModel`; show the name the code uses.
  static func propertyName(_ label: String?) -> String {
    guard let label else { return "_" }
    let lazyPrefix = "$__lazy_storage_$_"
    return label.hasPrefix(lazyPrefix) ? String(label.dropFirst(lazyPrefix.count)) : label
  }

  static func typeName(of value: Any) -> String {
    // Unqualified, as the JSON contract asks: a nested `Outer.Inner` is shown as `Inner`.
    let name = describe(type(of: value))
    return name.split(separator: ".").last.map(String.init) ?? name
  }

  /// A type's name as `String(describing:)` prints it, e.g. `() -> OnboardingViewController`.
  ///
  /// `String(describing:)` first asks whether the metatype is `TextOutputStreamable`,
  /// `CustomStringConvertible` or `CustomDebugStringConvertible`, and the runtime answers each
  /// question for a new type by scanning every conformance the process has loaded. Over the
  /// story's 60-odd types those scans took a tenth of a chapter's run; this is the same name
  /// without them.
  static func describe(_ type: Any.Type) -> String {
    _typeName(type, qualified: false)
  }

  // MARK: - References inside a value

  private enum Reference {
    case object(AnyObject)
    case closure(String)
  }

  /// Whether `value`, reflected by `mirror`, is a closure.
  private static func isClosure(_ value: Any, mirror: Mirror) -> Bool {
    mirror.displayStyle == nil && describe(type(of: value)).contains(" -> ")
  }

  /// Objects and closures inside `value` (reflected by `mirror`), in order, without walking into
  /// the objects.
  private static func references(in value: Any, mirror: Mirror) -> [Reference] {
    if value is RedactedValue || value is URL || value is Data { return [] }
    if mirror.displayStyle == .class { return [.object(value as AnyObject)] }
    if isClosure(value, mirror: mirror) { return [.closure(describe(type(of: value)))] }
    return mirror.children.flatMap { child in
      references(in: child.value, mirror: Mirror(reflecting: child.value))
    }
  }

  // MARK: - Rendering plain values

  /// Whether a property with this name holds a secret even when its type does not say so.
  static func isSecretName(_ label: String) -> Bool {
    let name = label.lowercased()
    return ["password", "token", "secret"].contains { name.contains($0) }
  }

  private func render(_ value: Any, label: String? = nil) -> String {
    if let label, Self.isSecretName(label) { return Secret<String>.placeholder }
    if value is RedactedValue { return Secret<String>.placeholder }
    if let string = value as? String { return String(reflecting: string) }
    if let url = value as? URL { return Self.stable(url) }
    if let data = value as? Data { return "\(data.count) bytes" }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .class:
      let object = value as AnyObject
      return keyByIdentity[ObjectIdentifier(object)].map { nodes[$0].id }
        ?? Self.typeName(of: object)
    case .optional:
      return mirror.children.first.map { render($0.value) } ?? "nil"
    case .enum:
      guard let payload = mirror.children.first else { return String(describing: value) }
      let caseName = payload.label ?? "?"
      let inner = Mirror(reflecting: payload.value)
      if inner.displayStyle == .tuple {
        return "\(caseName)(\(renderChildren(inner)))"
      }
      return "\(caseName)(\(render(payload.value)))"
    case .struct:
      return "\(Self.typeName(of: value))(\(renderChildren(mirror)))"
    case .tuple:
      return "(\(renderChildren(mirror)))"
    case .collection:
      return "[" + mirror.children.map { render($0.value) }.joined(separator: ", ") + "]"
    case .set:
      return "[" + mirror.children.map { render($0.value) }.sorted().joined(separator: ", ") + "]"
    case .dictionary:
      let pairs = mirror.children.map { pair -> String in
        let parts = Array(Mirror(reflecting: pair.value).children)
        guard parts.count == 2 else { return render(pair.value) }
        return "\(render(parts[0].value)): \(render(parts[1].value))"
      }
      return pairs.isEmpty ? "[:]" : "[" + pairs.sorted().joined(separator: ", ") + "]"
    default:
      return Self.isClosure(value, mirror: mirror) ? "ƒ" : String(describing: value)
    }
  }

  /// `url` as the trace prints it: a loopback URL's ephemeral port (32768 and up) changes every
  /// run, so it prints as `‹port›` and two runs stay byte-identical.
  public static func stable(_ url: URL) -> String {
    guard let port = url.port, port >= 32_768, ["127.0.0.1", "localhost"].contains(url.host)
    else { return url.absoluteString }
    return url.absoluteString.replacing(":\(port)", with: ":‹port›", maxReplacements: 1)
  }

  private func renderChildren(_ mirror: Mirror) -> String {
    mirror.children.map { child in
      let text = render(child.value, label: child.label)
      guard let label = child.label, !label.hasPrefix(".") else { return text }
      return "\(label): \(text)"
    }.joined(separator: ", ")
  }
}
