import Foundation
import KooberKit
import ObjectTrace
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP request, as plain values.
public struct HTTPRequest: Sendable, Equatable {
  /// `GET`, `POST`, …
  public var method: String
  /// The full URL.
  public var url: URL
  /// Header fields.
  public var headers: [String: String]
  /// The body bytes.
  public var body: Data

  /// Creates a request.
  public init(method: String, url: URL, headers: [String: String] = [:], body: Data = Data()) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }
}

/// One HTTP response, as plain values.
public struct HTTPResponse: Sendable, Equatable {
  /// The status code.
  public var status: Int
  /// The body bytes.
  public var body: Data

  /// Creates a response.
  public init(status: Int, body: Data) {
    self.status = status
    self.body = body
  }
}

/// The HTTP seam under the cloud API: sends a request, returns the response.
///
/// The real one is ``URLSessionHTTPClient``; tests hand the cloud API one that records requests.
public protocol HTTPClient: AnyObject, Sendable {
  /// Sends `request`; throws ``KooberError/network(_:)`` when no response arrives.
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// Sends requests with Foundation's `URLSession`, giving up after a short timeout, and refusing
/// a response body larger than ``maximumBodySize`` while it arrives (memory stays bounded).
public final class URLSessionHTTPClient: HTTPClient {
  let lifetime = Lifetime(of: URLSessionHTTPClient.self)
  /// Seconds to wait for a response before the screen shows a network error.
  public let timeout: TimeInterval
  /// The largest response body accepted, in bytes; a larger one is a network error.
  public let maximumBodySize: Int

  /// Creates a client; each request gets its own ephemeral session.
  public init(timeout: TimeInterval = 3, maximumBodySize: Int = 1 << 20) {
    self.timeout = timeout
    self.maximumBodySize = maximumBodySize
  }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout)
    urlRequest.httpMethod = request.method
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    urlRequest.httpBody = request.body.isEmpty ? nil : request.body
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    let body = CappedBody(limit: maximumBodySize)
    let session = URLSession(configuration: configuration, delegate: body, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let origin = Self.origin(of: request.url)
    do {
      let (data, response) = try await body.receive(session.dataTask(with: urlRequest))
      guard let http = response as? HTTPURLResponse else {
        throw KooberError.network("not an HTTP response from \(origin)")
      }
      return HTTPResponse(status: http.statusCode, body: data)
    } catch let error as KooberError {
      throw error
    } catch CappedBody.TooLarge.tooLarge {
      throw KooberError.network(
        "\(origin) sent more than \(maximumBodySize) bytes; the answer was refused")
    } catch let error as URLError {
      throw KooberError.network("\(origin) (URLError \(error.code.rawValue))")
    } catch {
      throw KooberError.network("\(origin)")
    }
  }

  /// `scheme://host:port`, what a screen can say about where it tried to go.
  static func origin(of url: URL) -> String {
    var origin = "\(url.scheme ?? "http")://\(url.host ?? "?")"
    if let port = url.port { origin += ":\(port)" }
    return origin
  }
}

/// One response's body, collected as it arrives and cut off past a limit: the session's delegate.
///
/// Its state is guarded by a lock; URLSession calls it on its own queue.
private final class CappedBody: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  enum TooLarge: Error { case tooLarge }

  private struct State {
    var data = Data()
    var response: URLResponse?
    var tooLarge = false
    var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
  }

  private let limit: Int
  private let state = Mutex(State())

  init(limit: Int) { self.limit = limit }

  /// Starts `task` and waits for its whole body.
  func receive(_ task: URLSessionDataTask) async throws -> (Data, URLResponse) {
    try await withCheckedThrowingContinuation { continuation in
      state.withLock { $0.continuation = continuation }
      task.resume()
    }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let tooLarge = response.expectedContentLength > Int64(limit)
    state.withLock {
      $0.response = response
      $0.tooLarge = tooLarge
    }
    completionHandler(tooLarge ? .cancel : .allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge = state.withLock { state -> Bool in
      guard !state.tooLarge else { return true }
      if state.data.count + data.count > limit {
        state.tooLarge = true
        state.data = Data()
        return true
      }
      state.data.append(data)
      return false
    }
    if tooLarge { dataTask.cancel() }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let (continuation, result) = state.withLock {
      state -> (
        CheckedContinuation<(Data, URLResponse), any Error>?, Result<(Data, URLResponse), any Error>
      ) in
      let continuation = state.continuation
      state.continuation = nil
      if state.tooLarge { return (continuation, .failure(TooLarge.tooLarge)) }
      if let error { return (continuation, .failure(error)) }
      guard let response = state.response ?? task.response else {
        return (continuation, .failure(URLError(.badServerResponse)))
      }
      return (continuation, .success((state.data, response)))
    }
    continuation?.resume(with: result)
  }
}
