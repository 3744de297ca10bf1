// A copy of Sources/Chapter6RuntimeContainer/Container+Override.swift, the chapter's own file:
// `workbook reset` writes it, and you do not edit it.
// Replacing a registration in a test or a preview.

extension Container {
  /// Replaces the registration of `type` that this container's assembly made, in a test or a
  /// preview: a fake remote API, a screen built alone. Unlike a second ``register(_:scope:make:)``,
  /// which stops the app, it says it means to replace (Swinject's tests register again in a
  /// container made for the test; Factory's call `register` on the factory). The trace marks it:
  /// `registrations[AuthRemoteAPI][.graph, overridden]`. Overriding a type this container does
  /// not register is a mistake the container stops at.
  public func override<Service>(
    _ type: Service.Type, scope: ObjectScope = .graph,
    make: @escaping @MainActor (Container) -> Service
  ) {
    let name = Self.name(of: type)
    precondition(
      registrations[name] != nil,
      "\(name) is not registered in \(self): there is nothing to override")
    registrations[name] = Registration(
      scope: scope, make: make, isOverride: true, dryRun: { $0.resolve(Service.self) })
    instances[name] = nil
    weakInstances[name] = nil
  }
}
