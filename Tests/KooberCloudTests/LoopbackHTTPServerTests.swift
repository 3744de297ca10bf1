import Foundation
import Testing

@testable import KooberCloud

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The loopback server outlives clients that hang up on it.
@Suite struct LoopbackHTTPServerTests {
  /// A client that sends its request and closes at once: the server's first write reaches a
  /// closed socket, the client's system answers with a reset, and the next write fails. With
  /// SIGPIPE's default action, as a test host may leave it, that write must fail with EPIPE and
  /// the process go on (in a fresh process, so the signal's setting is this test's alone).
  @Test func aClientThatHangsUpBeforeTheAnswerRaisesNoSIGPIPE() async {
    await #expect(processExitsWith: .success) {
      _ = signal(SIGPIPE, SIG_DFL)
      let server = try LoopbackHTTPServer { _ in (200, Data(repeating: 0x20, count: 8 << 20)) }
      #if canImport(Glibc)
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      #else
        let client = socket(AF_INET, SOCK_STREAM, 0)
      #endif
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = server.port.bigEndian
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      #expect(connected == 0)
      let request = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
      #expect(send(client, request, request.count, 0) == request.count)
      close(client)
      server.stop()  // returns once the server has given up on the client that left
    }
  }
}
