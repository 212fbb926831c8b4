import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ``RequestType`` that a ``Provider`` hands to plugins for each attempt.
struct SentRequest: RequestType {
    let request: URLRequest?

    func cURLDescription() -> String {
        guard let request, let url = request.url else { return "$ curl command could not be created" }
        var parts = ["$ curl -v"]
        let method = request.httpMethod ?? "GET"
        if method != "GET" {
            parts.append("-X \(method)")
        }
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            parts.append("-H \(Self.quoted("\(name): \(value)"))")
        }
        if let body = request.httpBody, !body.isEmpty {
            parts.append("-d \(Self.quoted(String(decoding: body, as: UTF8.self)))")
        }
        parts.append(Self.quoted(url.absoluteString))
        return parts.joined(separator: " \\\n\t")
    }

    /// `text` in single quotes for a POSIX shell.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
