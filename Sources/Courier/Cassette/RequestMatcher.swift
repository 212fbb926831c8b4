import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One rule by which a ``ReplayTransport`` decides whether a recorded exchange answers a request.
///
/// A request is answered by the first unused exchange that every matcher accepts. The default is
/// `[.method, .url]`; add ``body`` to tell apart requests that differ only in their bodies, ``headers(_:)``
/// for those that differ in a header, or a closure of your own:
///
/// ```swift
/// let replay = try ReplayTransport(
///     contentsOf: cassette,
///     matching: [.method, .path, .body, .headers("Accept-Language")])
/// ```
///
/// A value the recorder hid (its placeholder, `<redacted>` by default) matches whatever the request
/// has in its place: in the query, in chosen headers, in JSON and form bodies. When no exchange
/// matches, the error names the matchers that turned down the closest exchanges, and why.
public struct RequestMatcher: Sendable, CustomStringConvertible {
    /// What the matcher compares, as the error of an unmatched request names it: `method`, `URL`,
    /// `body`, `headers Accept`, or the name of a custom matcher.
    public let description: String
    /// Why `recorded` does not answer `request` (with `placeholder` matching any value), or `nil`
    /// when it does.
    let mismatch: @Sendable (_ request: URLRequest, _ recorded: RecordedRequest, _ placeholder: String) -> String?

    init(
        _ description: String,
        mismatch: @escaping @Sendable (URLRequest, RecordedRequest, String) -> String?
    ) {
        self.description = description
        self.mismatch = mismatch
    }

    /// A matcher of your own: `matches` says whether the recorded request answers the live one.
    ///
    /// The live request's `httpBody` holds its body, even when it is sent from a file.
    ///
    /// - Parameters:
    ///   - name: What the matcher compares, for the error of an unmatched request.
    ///   - matches: Whether `recorded` answers `request`.
    public static func custom(
        _ name: String, _ matches: @escaping @Sendable (_ request: URLRequest, _ recorded: RecordedRequest) -> Bool
    ) -> RequestMatcher {
        RequestMatcher(name) { request, recorded, _ in
            matches(request, recorded) ? nil : "\(name) does not match"
        }
    }

    /// The method, in any case.
    public static let method = RequestMatcher("method") { request, recorded, _ in
        let method = (request.httpMethod ?? "GET").uppercased()
        return method == recorded.method.uppercased() ? nil : "method \(method), recorded \(recorded.method)"
    }

    /// The whole URL: scheme, host and port (a default port written or not), path, and the query in any
    /// order, every item once (user info and fragment are not compared).
    public static let url = RequestMatcher("URL") { request, recorded, placeholder in
        let live = URLParts(request.url?.absoluteString ?? "")
        let past = URLParts(recorded.url)
        if live.origin != past.origin { return "origin \(live.origin), recorded \(past.origin)" }
        return pathMismatch(live, past, placeholder: placeholder)
    }

    /// The path and the query in any order, whatever the scheme, host and port: for a cassette recorded
    /// against another server (a local one on a port that changes from run to run).
    public static let path = RequestMatcher("path") { request, recorded, placeholder in
        pathMismatch(URLParts(request.url?.absoluteString ?? ""), URLParts(recorded.url), placeholder: placeholder)
    }

    /// The body: JSON compared as JSON (key order and spacing aside), forms as their fields in any order,
    /// multipart forms part by part whatever their boundaries, anything else byte for byte.
    public static let body = RequestMatcher("body") { request, recorded, placeholder in
        BodyComparison(
            live: request.httpBody ?? Data(), liveType: request.value(forHTTPHeaderField: "Content-Type"),
            recorded: recorded.body, recordedType: recorded.value(forHTTPHeaderField: "Content-Type"),
            placeholder: placeholder
        ).mismatch
    }

    /// The values of the headers `names` (in any case); a header absent from both matches.
    public static func headers(_ names: String...) -> RequestMatcher {
        RequestMatcher("headers " + names.joined(separator: ", ")) { request, recorded, placeholder in
            for name in names {
                let live = request.value(forHTTPHeaderField: name)
                let past = recorded.value(forHTTPHeaderField: name)
                guard live != past, past != placeholder || live == nil else { continue }
                return "header \(name) \(live.map { "\"\($0)\"" } ?? "absent"), recorded "
                    + (past.map { "\"\($0)\"" } ?? "absent")
            }
            return nil
        }
    }

    /// Why the path and query of `live` differ from those of `recorded`, or `nil`.
    private static func pathMismatch(_ live: URLParts, _ recorded: URLParts, placeholder: String) -> String? {
        if live.path != recorded.path { return "path \(live.path), recorded \(recorded.path)" }
        var unmatched = live.query
        for item in recorded.query {
            if let index = unmatched.firstIndex(where: { $0.name == item.name && $0.value == item.value })
                ?? unmatched.firstIndex(where: { $0.name == item.name && item.value == placeholder })
            {
                unmatched.remove(at: index)
                continue
            }
            if let other = unmatched.first(where: { $0.name == item.name }) {
                return "query item \(item.name) is \"\(other.value)\", recorded \"\(item.value)\""
            }
            return "query item \(item.name) is absent, recorded \"\(item.value)\""
        }
        if let extra = unmatched.first {
            return "query item \(extra.name)=\"\(extra.value)\" was not recorded"
        }
        return nil
    }
}
