import Foundation

/// A URL string taken apart without judging it, for matching: a HAR from elsewhere may hold a URL that
/// `URL` refuses, and a cassette's URLs hold the redaction placeholder.
///
/// Scheme and host are lowercased, an absent port is the scheme's default, the path and the query's
/// names and values are percent-decoded (a `+` stays a `+`), user info and fragment are left out.
struct URLParts: Equatable {
    var scheme: String
    var host: String
    var port: Int?
    var path: String
    var query: [QueryItem]

    /// One `name=value` of a query, decoded; an item without `=` has an empty value.
    struct QueryItem: Equatable {
        var name: String
        var value: String
    }

    init(_ string: String) {
        var rest = Substring(string)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var queryText: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        scheme = ""
        if let range = rest.range(of: "://") {
            scheme = rest[..<range.lowerBound].lowercased()
            rest = rest[range.upperBound...]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let portSeparator =
            authority.hasPrefix("[")
            ? authority.firstIndex(of: "]").flatMap { authority[$0...].firstIndex(of: ":") }
            : authority.lastIndex(of: ":")
        if let colon = portSeparator {
            port = Int(authority[authority.index(after: colon)...])
            authority = authority[..<colon]
        }
        host = authority.lowercased()
        if port == nil { port = scheme == "https" ? 443 : scheme == "http" ? 80 : nil }
        let rawPath = rest[slash...]
        path = rawPath.isEmpty ? "/" : Self.decoded(rawPath)
        query = queryText.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return QueryItem(name: Self.decoded(parts[0]), value: parts.count > 1 ? Self.decoded(parts[1]) : "")
        }
    }

    /// `text` percent-decoded, or as it is when it holds an escape that is not one.
    private static func decoded(_ text: Substring) -> String {
        text.removingPercentEncoding ?? String(text)
    }

    /// `scheme://host:port`, the port left out when it is the scheme's default.
    var origin: String {
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        return "\(scheme)://\(host)" + (port == defaultPort ? "" : port.map { ":\($0)" } ?? "")
    }
}
