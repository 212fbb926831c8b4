import Foundation

/// The rules both transports apply to every transfer: how redirects are followed, how large a
/// response may grow, and where downloads in progress go.
///
/// ```swift
/// var policy = TransportPolicy()
/// policy.maximumRedirects = 0                       // hand every 3xx back as it is
/// policy.maximumResponseBodySize = 500 << 20        // allow 500 MiB in memory
/// let transport = try CurlTransport(policy: policy)
/// ```
///
/// Redirects (see `docs/RELIABILITY.md` for the whole table):
/// - only to `http` and `https`: a `Location` of another scheme (`file:`, `ftp:`, `data:`,
///   `javascript:`…) fails the request with `URLError(.unsupportedURL)` naming the scheme, as curl, Go
///   and browsers do; one that is not a URL with a host is not followed, and the 3xx is the answer;
/// - `Authorization`, `Proxy-Authorization` and `Cookie` never go to another origin (scheme, host or port
///   differ); the new origin gets only its own cookies from the cookie storage;
/// - 301 and 302 turn a `POST`, and 303 any method but `HEAD`, into a `GET` without a body, as browsers
///   do; 307 and 308 keep the method and the body (a file body is read again).
public struct TransportPolicy: Sendable, Equatable {
    /// How many redirects one request may follow; one more fails with `URLError(.httpTooManyRedirects)`.
    /// `0` follows none: the 3xx response is the answer. Default: 20.
    public var maximumRedirects: Int
    /// The largest response body kept in memory, counted in decoded bytes (after gzip, deflate or br),
    /// so a decompression bomb or a body that never ends stops here. A larger body fails the request with
    /// ``ResponseSizeLimitExceeded``. Default: 100 MiB, more than any JSON API sends.
    public var maximumResponseBodySize: Int64
    /// The largest body written to a file by a download, or `nil` for no limit. Default: `nil`.
    public var maximumDownloadSize: Int64?
    /// The folder for the files the transport makes: downloads in progress, each named
    /// `courier-download-<UUID>` and moved to its destination or removed when the request is over.
    /// (A provider writes multipart forms with file parts to the system's temporary directory.)
    /// Default: the system's temporary directory.
    public var temporaryDirectory: URL

    /// The default policy: 20 redirects, 100 MiB in memory, downloads unbounded, files in the system's
    /// temporary directory.
    public init(
        maximumRedirects: Int = 20, maximumResponseBodySize: Int64 = 100 << 20, maximumDownloadSize: Int64? = nil,
        temporaryDirectory: URL = FileManager.default.temporaryDirectory
    ) {
        self.maximumRedirects = maximumRedirects
        self.maximumResponseBodySize = maximumResponseBodySize
        self.maximumDownloadSize = maximumDownloadSize
        self.temporaryDirectory = temporaryDirectory
    }
}

/// A response body grew past the limit of the transport's ``TransportPolicy``; the transfer was stopped
/// there. A request fails with it as ``CourierError/underlying(_:_:)``.
public struct ResponseSizeLimitExceeded: Error, LocalizedError, Sendable, Equatable {
    /// The limit, in bytes.
    public let limit: Int64
    /// Whether the body was going to a file (``TransportPolicy/maximumDownloadSize``) rather than to
    /// memory (``TransportPolicy/maximumResponseBodySize``).
    public let isDownload: Bool

    /// Creates the error.
    public init(limit: Int64, isDownload: Bool) {
        self.limit = limit
        self.isDownload = isDownload
    }

    /// A sentence naming the limit and how to raise it.
    public var errorDescription: String? {
        let size = ByteCountFormatter.string(fromByteCount: limit, countStyle: .binary)
        return isDownload
            ? "The download is larger than the limit of \(limit) bytes (\(size)); raise "
                + "TransportPolicy.maximumDownloadSize in the transport's policy."
            : "The response body is larger than the limit of \(limit) bytes (\(size)) kept in memory; raise "
                + "TransportPolicy.maximumResponseBodySize in the transport's policy, or download it to a file."
    }
}
