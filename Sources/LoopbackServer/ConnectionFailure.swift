/// Why the server stops serving a connection before the next request.
enum ConnectionFailure: Error {
    /// The peer closed the connection, a socket call failed, or the response could not be completed.
    case ended

    /// The request could not be parsed (answered with 400).
    case malformed

    /// The request line and headers exceed the header buffer (answered with 431).
    case headersTooLarge

    /// The request names an HTTP version other than 1.0 or 1.1 (answered with 505).
    case versionNotSupported

    /// The request uses a transfer coding other than `chunked` (answered with 501).
    case codingNotImplemented

    /// The status to answer with before closing, or `nil` to close silently.
    var responseStatus: Int? {
        switch self {
        case .ended: return nil
        case .malformed: return 400
        case .headersTooLarge: return 431
        case .versionNotSupported: return 505
        case .codingNotImplemented: return 501
        }
    }
}
