/// The episodes saved on the device: one for the whole app, registered in the app's registry.
public final class Downloads {
  /// The saved episodes' titles.
  public private(set) var episodes: [String] = []
}
