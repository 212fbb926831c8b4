import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TransferMetrics {
    /// The metrics URLSession collected for one task: given on Apple platforms, never on Linux (where
    /// ``SessionTask`` measures what it can itself).
    ///
    /// The phases are those of the last transaction (the last redirect hop), from its start; the byte
    /// counts, heads included, add up every transaction.
    init(_ metrics: URLSessionTaskMetrics) {
        let last = metrics.transactionMetrics.last
        func sinceStart(_ date: Date?) -> Duration? {
            guard let start = last?.fetchStartDate, let date else { return nil }
            return Self.duration(date.timeIntervalSince(start))
        }
        var sent: Int64 = 0
        var received: Int64 = 0
        for transaction in metrics.transactionMetrics {
            sent += transaction.countOfRequestHeaderBytesSent + transaction.countOfRequestBodyBytesSent
            received += transaction.countOfResponseHeaderBytesReceived + transaction.countOfResponseBodyBytesReceived
        }
        self.init(
            domainLookup: sinceStart(last?.domainLookupEndDate), connect: sinceStart(last?.connectEndDate),
            secureConnection: sinceStart(last?.secureConnectionEndDate), firstByte: sinceStart(last?.responseStartDate),
            total: Self.duration(metrics.taskInterval.duration), bytesSent: sent, bytesReceived: received,
            redirectCount: metrics.redirectCount, isReusedConnection: last?.isReusedConnection ?? false,
            httpVersion: Self.httpVersion(ofProtocol: last?.networkProtocolName), remoteAddress: last?.remoteAddress,
            // An `Int?` on Apple platforms, a `String?` in swift-corelibs-foundation.
            remotePort: last?.remotePort.flatMap { Int("\($0)") })
    }

    static func duration(_ seconds: TimeInterval) -> Duration {
        .nanoseconds(Int64((seconds * 1e9).rounded()))
    }

    /// `HTTP/1.1`, `HTTP/2`, … for an ALPN protocol name (`http/1.1`, `h2`, `h3`).
    private static func httpVersion(ofProtocol name: String?) -> String? {
        switch name?.lowercased() {
        case nil: nil
        case "http/1.0": "HTTP/1.0"
        case "http/1.1": "HTTP/1.1"
        case "h2": "HTTP/2"
        case "h3": "HTTP/3"
        default: name
        }
    }
}
