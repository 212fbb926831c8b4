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

    /// The folder where the provider writes the files it makes for this transport's requests
    /// (multipart bodies). Default: the system's temporary directory; Courier's transports answer their
    /// ``TransportPolicy/temporaryDirectory``.
    var temporaryDirectory: URL { get }
}

extension Transport {
    /// The system's temporary directory.
    public var temporaryDirectory: URL { FileManager.default.temporaryDirectory }
}

/// Everything a transfer needs: the request, where its body comes from, where the answer goes, and
/// who hears of progress.
public struct TransportRequest: Sendable {
    /// The request to send. An in-memory body is its `httpBody`.
    public var urlRequest: URLRequest
    /// A file whose contents are the body, streamed from disk; `nil` when the body (if any) is in
    /// ``urlRequest``.
    public var bodyFileURL: URL?
    /// Where the response body goes.
    public var destination: ResponseDestination
    /// Called as bytes are sent and received; `nil` when nobody listens.
    public var progress: (@Sendable (TransferProgress) -> Void)?

    /// Creates a transport request.
    public init(
        urlRequest: URLRequest, bodyFileURL: URL? = nil, destination: ResponseDestination = .memory,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) {
        self.urlRequest = urlRequest
        self.bodyFileURL = bodyFileURL
        self.destination = destination
        self.progress = progress
    }
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
