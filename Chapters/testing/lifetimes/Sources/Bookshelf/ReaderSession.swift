/// One signed-in reader.
public final class ReaderSession {
  public let reader: String

  init(reader: String) {
    self.reader = reader
  }
}
