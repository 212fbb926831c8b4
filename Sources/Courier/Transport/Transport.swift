import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Moves the bytes of one request and its response, and nothing else.
///
/// The seam between Courier and the network: no plugins, validation or retries happen here. Courier
/// ships ``CurlTransport`` (the default on Linux) and ``URLSessionTransport`` (the default on Apple
/// platforms); a test double needs only ``send(_:)``:
///
/// ```swift
/// struct EchoTransport: Transport {
///     func send(_ request: TransportRequest) async throws -> TransportResponse {
///         TransportResponse(statusCode: 200, url: request.urlRequest.url, data: request.urlRequest.httpBody ?? Data())
///     }
/// }
/// ```
///
/// A transport must end promptly, throwing `CancellationError` or `URLError(.cancelled)`, when the Swift
/// task that awaits ``send(_:)`` is cancelled.
public protocol Transport: Sendable {
    /// Sends `request` and returns the response once its whole body has arrived.
    func send(_ request: TransportRequest) async throws -> TransportResponse

    /// Sends `request` and returns the response once its head has arrived, its body to be read as it
    /// comes; reading slowly pauses the transfer rather than buffering it. The default calls
    /// ``send(_:)`` and hands the body over as one chunk.
    func stream(_ request: TransportRequest) async throws -> TransportStream
}

/// Everything a transfer needs: the request, its body, how long it may wait, where the answer goes,
/// and who hears of progress.
public struct TransportRequest: Sendable {
    /// The request to send: URL, method and header fields. Its `httpBody` is what plugins saw; the
    /// bytes that go out are ``body``.
    public var urlRequest: URLRequest
    /// The body to send.
    public var body: Body
    /// How long each wait for data may last, in seconds (connecting, each pause in the transfer, and
    /// the response head once the body is sent); `nil` leaves the transport's own setting
    /// (`timeoutIntervalForRequest` of its configuration).
    public var timeout: TimeInterval?
    /// Where the response body goes.
    public var destination: ResponseDestination
    /// Called as bytes are sent and received; `nil` when nobody listens.
    public var progress: (@Sendable (TransferProgress) -> Void)?

    /// What a request sends as its body.
    public enum Body: Sendable, Equatable {
        /// No body.
        case none
        /// Bytes in memory.
        case data(Data)
        /// The contents of a file, read from disk as they are sent: an upload, or a multipart form with
        /// file parts, which the provider writes to a temporary file once for every attempt.
        case file(URL)

        /// `data`, or ``none`` when it is `nil` or empty.
        public init(_ data: Data?) {
            if let data, !data.isEmpty { self = .data(data) } else { self = .none }
        }
    }

    /// Creates a transport request.
    ///
    /// - Parameters:
    ///   - urlRequest: The request to send.
    ///   - body: The body. Default: `nil`, the request's `httpBody`.
    ///   - timeout: Each wait for data, in seconds. Default: `nil`, which takes the request's
    ///     `timeoutInterval` when it is not `URLRequest`'s default of 60 s, else leaves the transport's
    ///     own setting. (A `URLRequest` cannot tell 60 s set on purpose from its default; pass
    ///     `timeout: 60` to mean it.)
    ///   - destination: Where the response body goes. Default: memory.
    ///   - progress: Called as bytes are sent and received. Default: none.
    public init(
        urlRequest: URLRequest, body: Body? = nil, timeout: TimeInterval? = nil,
        destination: ResponseDestination = .memory, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) {
        self.urlRequest = urlRequest
        self.body = body ?? Body(urlRequest.httpBody)
        self.timeout = timeout ?? (urlRequest.timeoutInterval != 60 ? urlRequest.timeoutInterval : nil)
        self.destination = destination
        self.progress = progress
    }

    /// Creates a transport request whose body is the contents of `bodyFileURL`, or the request's
    /// `httpBody` when it is `nil`.
    public init(
        urlRequest: URLRequest, bodyFileURL: URL?, destination: ResponseDestination = .memory,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) {
        self.init(
            urlRequest: urlRequest, body: bodyFileURL.map { .file($0) }, destination: destination, progress: progress)
    }

    /// The file whose contents are the body, when the body is a file.
    public var bodyFileURL: URL? {
        if case .file(let url) = body { url } else { nil }
    }

    /// The wait for data this transfer allows: ``timeout``, else `configured`; either read as
    /// ``TransportRequest/clampedTimeout(_:)`` says.
    func requestTimeout(configured: TimeInterval) -> TimeInterval {
        if let timeout, timeout > 0 { return Self.clampedTimeout(timeout) }
        return Self.clampedTimeout(configured)
    }

    /// The longest wait a transport keeps: a year. A longer one (`.infinity` included) is a year, which
    /// libcurl's milliseconds, Dispatch's nanoseconds and URLSession's whole seconds all hold; zero, a
    /// negative number or not a number is the same year, as URLSession reads "no timeout".
    static func clampedTimeout(_ seconds: TimeInterval) -> TimeInterval {
        guard seconds > 0 else { return longestTimeout }
        return min(seconds, longestTimeout)
    }

    /// A year, in seconds.
    static let longestTimeout: TimeInterval = 365 * 86_400
}

/// Where a transport puts a response body.
public enum ResponseDestination: Sendable, Equatable {
    /// In memory, as ``TransportResponse/data``.
    case memory
    /// In a temporary file, handed back as ``TransportResponse/fileURL``; the caller moves or removes it.
    case temporaryFile
}

/// How far a transfer has come, in bytes.
public struct TransferProgress: Sendable, Equatable {
    /// Body bytes sent so far.
    public var bytesSent: Int64
    /// Body bytes to send in all, or `-1` when unknown.
    public var bytesExpectedToSend: Int64
    /// Body bytes received so far.
    public var bytesReceived: Int64
    /// Body bytes to receive in all, or `-1` when unknown.
    public var bytesExpectedToReceive: Int64

    /// Creates a progress report.
    public init(bytesSent: Int64, bytesExpectedToSend: Int64, bytesReceived: Int64, bytesExpectedToReceive: Int64) {
        self.bytesSent = bytesSent
        self.bytesExpectedToSend = bytesExpectedToSend
        self.bytesReceived = bytesReceived
        self.bytesExpectedToReceive = bytesExpectedToReceive
    }
}

/// What a transport hands back: the status, the HTTP response and the body.
public struct TransportResponse: Sendable {
    /// The HTTP status code.
    public var statusCode: Int
    /// The HTTP response (headers, final URL), when there is one.
    public var response: HTTPURLResponse? {
        get { source.response }
        set { source = .built(newValue) }
    }
    /// Where ``response`` comes from: a transport may hand back the head alone, built on first use.
    var source: HTTPResponseSource
    /// The body, when it went to memory.
    public var data: Data
    /// The temporary file holding the body, when it went to a file.
    public var fileURL: URL?
    /// How the transfer went, when the transport measured it.
    public var metrics: TransferMetrics?

    /// Creates a response from an `HTTPURLResponse`.
    public init(response: HTTPURLResponse, data: Data = Data(), fileURL: URL? = nil, metrics: TransferMetrics? = nil) {
        statusCode = response.statusCode
        source = .built(response)
        self.data = data
        self.fileURL = fileURL
        self.metrics = metrics
    }

    /// Creates a response whose `HTTPURLResponse` is built from `head` when first asked for.
    init(head: ResponseHead, data: Data, fileURL: URL?, metrics: TransferMetrics?) {
        statusCode = head.statusCode
        source = .head(head)
        self.data = data
        self.fileURL = fileURL
        self.metrics = metrics
    }

    /// Creates a response from a status code, for test doubles.
    ///
    /// - Parameters:
    ///   - statusCode: The status code.
    ///   - url: The URL the response is for. Default: `nil`, `http://localhost`.
    ///   - headers: The response header fields. Default: none.
    ///   - data: The body. Default: empty.
    public init(statusCode: Int, url: URL? = nil, headers: [String: String] = [:], data: Data = Data()) {
        self.statusCode = statusCode
        source = .built(
            (url ?? URL(string: "http://localhost")).flatMap {
                HTTPURLResponse(url: $0, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
            })
        self.data = data
        fileURL = nil
    }
}
