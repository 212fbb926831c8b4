import Foundation

/// Joins a target's `baseURL` and `path` into the URL string of its ``Endpoint``.
///
/// The rules (see ``TargetType/path``):
/// - exactly one `/` joins base and path; an empty path leaves the base as it is; a trailing `/` stays;
/// - a `?` in the path starts a query, added after any query the base already has;
/// - `%XX` escapes are kept as written; characters a path or query may not hold are percent-encoded.
///
/// String work is used instead of `appendingPathComponent`, which on Linux turns `?` into `%3F` and
/// encodes `%` a second time.
package enum TargetURL {
    /// The URL string for `path` on `baseURL`.
    package static func string(baseURL: URL, path: String) -> String {
        guard !path.isEmpty else { return baseURL.absoluteString }
        // A base without a host (`http://`, `http:/127.0.0.1`) is joined as written, so that the
        // endpoint refuses it, instead of `http://` + `/get` turning the path into the host `get`.
        guard let host = baseURL.host, !host.isEmpty else {
            let separator = baseURL.absoluteString.hasSuffix("/") || path.hasPrefix("/") ? "" : "/"
            return baseURL.absoluteString + separator + path
        }
        let base = split(baseURL.absoluteString)

        var pathPart = Substring(path)
        var pathQuery: Substring?
        if let mark = path.utf8.firstIndex(of: UInt8(ascii: "?")) {
            pathPart = path[..<mark]
            pathQuery = path[path.utf8.index(after: mark)...]
        }

        var output: [UInt8] = []
        output.reserveCapacity(base.head.utf8.count + path.utf8.count + 16)
        output.append(contentsOf: base.head.utf8)
        if !pathPart.isEmpty {
            if output.last == UInt8(ascii: "/") { output.removeLast() }
            var relative = pathPart.utf8[...]
            while relative.first == UInt8(ascii: "/") { relative = relative.dropFirst() }
            output.append(UInt8(ascii: "/"))
            PercentEncoding.append(String(Substring(relative)), to: &output, allowed: .path, keepingEscapes: true)
        }

        let queries = [base.query, pathQuery].compactMap { $0 }.filter { !$0.isEmpty }
        if !queries.isEmpty {
            output.append(UInt8(ascii: "?"))
            for (index, query) in queries.enumerated() {
                if index > 0 { output.append(UInt8(ascii: "&")) }
                PercentEncoding.append(String(query), to: &output, allowed: .query, keepingEscapes: true)
            }
        }
        if let fragment = base.fragment {
            output.append(UInt8(ascii: "#"))
            output.append(contentsOf: fragment.utf8)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Splits an absolute URL string into everything before the query, the query and the fragment.
    private static func split(_ string: String) -> (head: Substring, query: Substring?, fragment: Substring?) {
        var rest = Substring(string)
        var fragment: Substring?
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = rest[rest.utf8.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[rest.utf8.index(after: mark)...]
            rest = rest[..<mark]
        }
        return (rest, query, fragment)
    }
}
