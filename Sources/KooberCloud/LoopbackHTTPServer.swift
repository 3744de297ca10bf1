import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1, on a port the system picks: the stub Koober server of
/// `chapter5 --server local`, and the server of the real HTTP client's tests. It answers each
/// request with what `respond` returns, records what it received, and stops when told. Nothing
/// leaves the machine.
public final class LoopbackHTTPServer: Sendable {
  /// What the server received.
  public struct Request: Sendable {
    /// `GET`, `POST`, …
    public let method: String
    /// The path, e.g. `/auth/sign-in`.
    public let path: String
    /// Header fields, names in lower case.
    public let headers: [String: String]
    /// The body bytes.
    public let body: Data
  }

  /// The port it listens on.
  public let port: UInt16
  private let listener: Int32
  private let received = Mutex<[Request]>([])
  private let respond: @Sendable (Request) -> (status: Int, body: Data)
  /// Whether answers carry `Content-Length`; without it the body ends when the connection closes.
  private let announcesLength: Bool
  /// Signalled by the serving thread once it has closed the listening socket.
  private let stopped = DispatchSemaphore(value: 0)
  /// Set by `stop()`: the next connection the serving thread accepts is its last.
  private let stopping = Mutex(false)

  /// Starts listening; answers every request with `respond`.
  /// - Parameter announcesLength: `false` leaves `Content-Length` out, so a client learns the
  ///   body's size only as it streams in (how the tests prove the client's cap holds then too).
  public init(
    announcesLength: Bool = true,
    respond: @escaping @Sendable (Request) -> (status: Int, body: Data)
  ) throws {
    self.respond = respond
    self.announcesLength = announcesLength
    let listener = Self.streamSocket()
    guard listener >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
    }
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    guard bound == 0, named == 0, listen(listener, 16) == 0 else {
      close(listener)
      throw POSIXError(.EADDRNOTAVAIL)
    }
    self.listener = listener
    self.port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in self.serve() }
    thread.start()
  }

  /// The base URL of the server.
  public var url: URL {
    URL(string: "http://127.0.0.1:\(port)/") ?? URL(fileURLWithPath: "/")
  }

  /// Everything received so far, in order.
  public var requests: [Request] { received.withLock { $0 } }

  /// Stops accepting connections, and returns once the port is closed.
  ///
  /// Only the serving thread closes the socket: closing it here while that thread still waits
  /// in `accept` would free the descriptor number for another test's socket, and the old
  /// thread would then accept (and answer) that socket's connections.
  public func stop() {
    stopping.withLock { $0 = true }
    wake()
    stopped.wait()
  }

  /// Connects once to the listening socket, so a serving thread waiting in `accept` sees the stop
  /// (shutting a listening socket down does not wake `accept` on every system).
  private func wake() {
    let client = Self.streamSocket()
    guard client >= 0 else { return }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    close(client)
  }

  /// A new IPv4 TCP socket (`SOCK_STREAM` is spelled differently by Glibc and Darwin).
  private static func streamSocket() -> Int32 {
    #if canImport(Glibc)
      socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      socket(AF_INET, SOCK_STREAM, 0)
    #endif
  }

  // MARK: - Serving

  private func serve() {
    while true {
      let connection = accept(listener, nil, nil)
      if stopping.withLock({ $0 }) {
        if connection >= 0 { close(connection) }
        close(listener)
        stopped.signal()
        return
      }
      guard connection >= 0 else { continue }  // EINTR, ECONNABORTED: keep serving
      // A client that connects and says nothing cannot hold the server: reads give up after 2 s.
      var limit = timeval(tv_sec: 2, tv_usec: 0)
      setsockopt(
        connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
      #if canImport(Darwin)
        // A client that hangs up mid-answer must not end this process: Darwin has no
        // MSG_NOSIGNAL, so the socket itself is told to answer EPIPE instead of raising SIGPIPE.
        var noSignal: Int32 = 1
        setsockopt(
          connection, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
      #endif
      handle(connection)
      close(connection)
    }
  }

  private func handle(_ connection: Int32) {
    var buffer = Data()
    var chunk = [UInt8](repeating: 0, count: 4096)
    let separator = Data("\r\n\r\n".utf8)
    while buffer.range(of: separator) == nil {
      let count = read(connection, &chunk, chunk.count)
      guard count > 0, buffer.count < 64 * 1024 else { return }
      buffer.append(contentsOf: chunk[0..<count])
    }
    guard let headerEnd = buffer.range(of: separator) else { return }
    let head = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self)
    var lines = head.components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ")
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    let length = min(Int(headers["content-length"] ?? "0") ?? 0, 1 << 20)
    var body = Data(buffer[headerEnd.upperBound...])
    while body.count < length {
      let count = read(connection, &chunk, chunk.count)
      guard count > 0 else { break }
      body.append(contentsOf: chunk[0..<count])
    }
    let request = Request(
      method: requestLine.first.map(String.init) ?? "",
      path: requestLine.dropFirst().first.map(String.init) ?? "",
      headers: headers, body: body)
    received.withLock { $0.append(request) }
    let answer = respond(request)
    let lengthHeader = announcesLength ? "Content-Length: \(answer.body.count)\r\n" : ""
    var response = Data(
      ("HTTP/1.1 \(answer.status) Answer\r\nContent-Type: application/json\r\n"
        + "\(lengthHeader)Connection: close\r\n\r\n").utf8)
    response.append(answer.body)
    response.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count, let base = bytes.baseAddress {
        // A client that gives up mid-answer closes the socket: EPIPE here, never SIGPIPE (on
        // Darwin the socket was set up for that when accepted).
        #if canImport(Glibc)
          let written = send(connection, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        #else
          let written = send(connection, base + offset, bytes.count - offset, 0)
        #endif
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
