import Foundation
import KooberKit
import ObjectTrace

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

/// Sends requests with Foundation's `URLSession`, giving up after a short timeout.
public final class URLSessionHTTPClient: HTTPClient {
  let lifetime = Lifetime(of: URLSessionHTTPClient.self)
  /// Seconds to wait for a response before the screen shows a network error.
  public let timeout: TimeInterval
  private let session: URLSession

  /// Creates a client with its own ephemeral session.
  public init(timeout: TimeInterval = 3) {
    self.timeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    session = URLSession(configuration: configuration)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout)
    urlRequest.httpMethod = request.method
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    urlRequest.httpBody = request.body.isEmpty ? nil : request.body
    do {
      let (data, response) = try await session.data(for: urlRequest)
      guard let http = response as? HTTPURLResponse else {
        throw KooberError.network("not an HTTP response from \(Self.origin(of: request.url))")
      }
      return HTTPResponse(status: http.statusCode, body: data)
    } catch let error as KooberError {
      throw error
    } catch let error as URLError {
      throw KooberError.network("\(Self.origin(of: request.url)) (URLError \(error.code.rawValue))")
    } catch {
      throw KooberError.network("\(Self.origin(of: request.url))")
    }
  }

  /// `scheme://host:port`, what a screen can say about where it tried to go.
  static func origin(of url: URL) -> String {
    var origin = "\(url.scheme ?? "http")://\(url.host ?? "?")"
    if let port = url.port { origin += ":\(port)" }
    return origin
  }
}
