import Foundation

/// How one transfer went: where its time went, how many bytes moved, and over what connection.
///
/// Times are measured from the start of the transfer (of its last redirect hop, for the phases), as
/// libcurl and `URLSessionTaskMetrics` measure them; a phase that did not happen (no DNS lookup for an
/// IP address, no TLS for `http`, a reused connection) is `nil`. ``total`` and the byte counts add up
/// every hop of a redirected request.
///
/// ``CurlTransport`` fills every field. ``URLSessionTransport`` fills them from `URLSessionTaskMetrics`
/// where the platform gives them (Apple platforms), and on Linux, where URLSession gives none, only
/// ``total``, the byte counts it can see and ``redirectCount``.
public struct TransferMetrics: Sendable, Equatable {
    /// Until the host name was resolved.
    public var domainLookup: Duration?
    /// Until the TCP connection was made.
    public var connect: Duration?
    /// Until the TLS handshake was done; `nil` without TLS.
    public var secureConnection: Duration?
    /// Until the first byte of the response arrived.
    public var firstByte: Duration?
    /// The whole transfer, every redirect hop included.
    public var total: Duration
    /// Bytes sent: request heads and bodies.
    public var bytesSent: Int64
    /// Bytes received: response heads and bodies (as they came over the wire, before decompression).
    public var bytesReceived: Int64
    /// How many redirects were followed.
    public var redirectCount: Int
    /// Whether the last hop went over a connection that an earlier request had opened.
    public var isReusedConnection: Bool
    /// The HTTP version of the response, such as `HTTP/1.1` or `HTTP/2`, when known.
    public var httpVersion: String?
    /// The address of the server, such as `127.0.0.1`, when known.
    public var remoteAddress: String?
    /// The port of the server, when known.
    public var remotePort: Int?

    /// Creates metrics; every phase defaults to unknown.
    public init(
        domainLookup: Duration? = nil, connect: Duration? = nil, secureConnection: Duration? = nil,
        firstByte: Duration? = nil, total: Duration, bytesSent: Int64 = 0, bytesReceived: Int64 = 0,
        redirectCount: Int = 0, isReusedConnection: Bool = false, httpVersion: String? = nil,
        remoteAddress: String? = nil, remotePort: Int? = nil
    ) {
        self.domainLookup = domainLookup
        self.connect = connect
        self.secureConnection = secureConnection
        self.firstByte = firstByte
        self.total = total
        self.bytesSent = bytesSent
        self.bytesReceived = bytesReceived
        self.redirectCount = redirectCount
        self.isReusedConnection = isReusedConnection
        self.httpVersion = httpVersion
        self.remoteAddress = remoteAddress
        self.remotePort = remotePort
    }

    /// One line for a log: `dns 0.1 ms, connect 0.3 ms, tls -, first byte 1.2 ms, total 1.4 ms;
    /// 210 B sent, 1523 B received; HTTP/1.1 new connection to 127.0.0.1:8080`.
    public var summary: String {
        func ms(_ duration: Duration?) -> String {
            guard let duration else { return "-" }
            let milliseconds =
                Double(duration.components.seconds) * 1000
                + Double(duration.components.attoseconds) / 1e15
            return "\(Double((milliseconds * 10).rounded()) / 10) ms"
        }
        var line = "dns \(ms(domainLookup)), connect \(ms(connect)), tls \(ms(secureConnection)), "
        line += "first byte \(ms(firstByte)), total \(ms(total)); "
        line += "\(bytesSent) B sent, \(bytesReceived) B received"
        if redirectCount > 0 { line += ", \(redirectCount) redirect\(redirectCount == 1 ? "" : "s")" }
        line += "; \(httpVersion ?? "HTTP") \(isReusedConnection ? "reused connection" : "new connection")"
        if let remoteAddress {
            line += " to \(remoteAddress)\(remotePort.map { ":\($0)" } ?? "")"
        }
        return line
    }
}
