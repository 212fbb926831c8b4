import Foundation

/// A fully parsed HTTP request as handed to a `LoopbackServer` handler.
public struct ServerRequest: Sendable {
    /// The request method exactly as sent, e.g. `GET`.
    public let method: String

    /// The raw request-target, e.g. `/echo/a?x=1&y=%20`.
    public let target: String

    /// The percent-encoded path part of `target`, without the query (`/echo/a`).
    public let path: String

    /// The raw query after the first `?`, or `nil` when the target has none.
    public let query: String?

    /// The query items, percent-decoded (`+` stays `+`); when a name repeats, the last value wins.
    public let queryItems: [String: String]

    /// The header fields in the order they were received.
    public let headers: [HeaderField]

    /// The request body, fully read; empty when the body was streamed (see `streamedBody`).
    public let body: Data

    /// For requests to a streaming path: the size and checksum of the body, which was not kept.
    public let streamedBody: StreamedBodySummary?

    /// Creates a request, deriving `path`, `query` and `queryItems` from `target`.
    public init(
        method: String,
        target: String,
        headers: [HeaderField] = [],
        body: Data = Data(),
        streamedBody: StreamedBodySummary? = nil
    ) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.streamedBody = streamedBody
        let parts = TargetParts(target)
        path = parts.path
        query = parts.query
        queryItems = parts.query.map(PercentDecoding.queryItems(of:)) ?? [:]
    }

    /// The value of the first header named `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.firstValue(named: name)
    }
}

/// The path and query of a request-target in origin-form or absolute-form.
struct TargetParts {
    let path: String
    let query: String?

    init(_ target: String) {
        var rest = Substring(target)
        if let schemeEnd = rest.range(of: "://"), rest[..<schemeEnd.lowerBound].allSatisfy(\.isLetter) {
            let afterAuthority = rest[schemeEnd.upperBound...]
            rest = afterAuthority.firstIndex { $0 == "/" || $0 == "?" }.map { afterAuthority[$0...] } ?? "/"
        }
        if let questionMark = rest.firstIndex(of: "?") {
            path = String(rest[..<questionMark])
            query = String(rest[rest.index(after: questionMark)...])
        } else {
            path = String(rest)
            query = nil
        }
    }
}
