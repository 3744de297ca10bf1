// The trait attaches its pictures with Swift Testing's `Attachment`, absent in Swift 6.0 and
// experimental in 6.1 (swift-testing `swift-6.1-RELEASE`, `Attachments/Attachment.swift`): one
// clear error on an older toolchain, not a failure deep inside.
#if !compiler(>=6.2)
  #error("ObjectTraceTesting needs Swift 6.2 or newer (see `swift --version`)")
#endif
