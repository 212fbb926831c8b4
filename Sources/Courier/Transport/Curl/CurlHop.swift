import Foundation

/// Where one hop's response body goes.
enum CurlSink {
    case memory
    case file(URL)
}

/// What one hop of a ``CurlTransport`` request needs besides its request.
struct CurlHopOptions {
    var headers: [(name: String, value: String)]
    /// Headers libcurl adds on its own that are to be left out.
    var removedHeaders: [String]
    var body: TransportRequest.Body
    var sink: CurlSink
    /// The most body bytes the sink may take.
    var limit: Int64?
    var progress: (@Sendable (TransferProgress) -> Void)?
    /// Each wait for data, and the wait for the response head once the body is sent.
    var requestTimeout: TimeInterval
    /// What is left of the whole transfer's time, or `nil` for no bound.
    var remainingResourceTime: TimeInterval?
    var trust: ServerTrustPolicy
    /// The proxy, as `CURLOPT_PROXY` takes it; empty for none.
    var proxy: String
    /// The hosts that bypass the proxy, as `CURLOPT_NOPROXY` takes them; empty for none.
    var proxyExceptions: String
    /// Where the body goes as it arrives, for a streamed response: the hop's caller is resumed once the
    /// head has arrived, and the transfer pauses while the buffer is full.
    var stream: StreamBuffer?
}

/// What one hop came back with.
struct CurlHopResult {
    var statusCode: Int
    var httpVersion: String
    /// The head's field lines as they came (see ``ResponseHead``).
    var headerLines: [UInt8]
    var setCookieLines: [String]
    var location: String?
    var body: Data
    var fileURL: URL?
    var metrics: TransferMetrics
}
