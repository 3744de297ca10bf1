#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What one walk learned of the types it met, in front of ``ObjectGraph``'s process-wide caches.
final class KnownTypes {
  /// What a walk needs of a class.
  struct Facts {
    let typeName: String
    let isOwn: Bool
    let role: Lifetime.Role
    let tokenIndex: Int?
    let nonStrong: [String: ReferenceOwnership]
    /// Each stored property's name as the code spells it and its ownership, by position; `nil`
    /// for a class with a custom mirror, whose children may differ from one instance to the next.
    let properties: [(name: String, ownership: ReferenceOwnership)]?

    /// The name and ownership of `child`, the `index`-th stored property of an instance.
    func property(_ index: Int, _ child: Mirror.Child) -> (String, ReferenceOwnership) {
      if let properties, index < properties.count { return properties[index] }
      return (
        ObjectGraph.propertyName(child.label), child.label.flatMap { nonStrong[$0] } ?? .strong
      )
    }
  }

  var kinds: [ObjectIdentifier: ObjectGraph.ValueKind] = [:]
  var classes: [ObjectIdentifier: Facts] = [:]
  var layouts: [ObjectIdentifier: StoredLayout?] = [:]
  var secretLabels: [String: Bool] = [:]

  func kind(of value: Any) -> ObjectGraph.ValueKind {
    let key = ObjectIdentifier(type(of: value))
    if let known = kinds[key] { return known }
    let kind = ObjectGraph.kind(of: value)
    kinds[key] = kind
    return kind
  }

  /// The facts of `type`, whose instance's stored properties are `children`.
  func facts(of type: AnyObject.Type, children: [Mirror.Child]) -> Facts {
    let key = ObjectIdentifier(type)
    if let known = classes[key] { return known }
    let typeName = ObjectGraph.typeName(ofType: type)
    let nonStrong = ReferenceOwnership.nonStrongFields(of: type)
    // `@Observable` stores `carts` as `_carts`, and a property wrapper stores `name` as
    // `_name`: named as the code declares them. (Reflection cannot tell a wrapper's storage from
    // a property the code itself names `_name`; such a property is the storage of a `name` as
    // well, by Swift's convention.)
    func declaredName(_ child: Mirror.Child) -> String {
      let name = ObjectGraph.propertyName(child.label)
      guard name.hasPrefix("_"), !name.hasPrefix("__"), !name.hasPrefix("_$"), name.count > 1
      else { return name }
      return String(name.dropFirst())
    }
    let facts = Facts(
      typeName: typeName, isOwn: ObjectGraph.isOwnType(type),
      role: ObjectGraph.guessedRole(of: typeName),
      tokenIndex: ObjectGraph.tokenIndex(inType: children), nonStrong: nonStrong,
      properties: type is any CustomReflectable.Type
        ? nil
        : children.map { (declaredName($0), $0.label.flatMap { nonStrong[$0] } ?? .strong) })
    classes[key] = facts
    return facts
  }

  /// How `object`'s class stores its properties, when they can be read without a mirror.
  func layout(of object: AnyObject) -> StoredLayout? {
    let type: AnyClass = Swift.type(of: object)
    let key = ObjectIdentifier(type)
    if let known = layouts[key] { return known }
    // The toolchain's classes are opaque leaves, read through their mirrors as before.
    let layout = ObjectGraph.isOwnType(type) ? StoredLayout.of(type, instance: object) : nil
    layouts[key] = layout
    return layout
  }

  func isSecretName(_ label: String) -> Bool {
    if let known = secretLabels[label] { return known }
    let isSecret = ObjectGraph.isSecretName(label)
    secretLabels[label] = isSecret
    return isSecret
  }
}
