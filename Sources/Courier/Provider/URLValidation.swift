import Foundation

/// Refuses, before anything is sent or stubbed, a request URL Courier cannot send: one with no host
/// (`http:///get`, `http:/127.0.0.1`) or with a scheme other than `http` and `https` (`ftp://…`,
/// `file://…`). Such a URL is ``CourierError/requestMapping(_:)`` with a sentence saying why.
package enum URLValidation {
    /// How every message about a refused URL starts.
    static let messagePrefix = "The URL "

    /// Throws when `url` (written `written` by the endpoint) cannot be requested.
    package static func check(_ url: URL, written: String) throws(CourierError) {
        // The URL is quoted, its secrets hidden, only when it is refused: the check itself is two compares.
        var quoted: String { String(reflecting: Redaction.default.redactedEmbeddedSecrets(written)) }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            let scheme = url.scheme.map { "\"\($0)\"" } ?? "missing"
            throw .requestMapping(
                "\(messagePrefix)\(quoted) cannot be requested: its scheme is \(scheme), and Courier sends only "
                    + "http and https.")
        }
        guard let host = url.host, !host.isEmpty else {
            throw .requestMapping(
                "\(messagePrefix)\(quoted) cannot be requested: it has no host; a base URL needs one, as in "
                    + "\"https://api.example.com\".")
        }
    }
}
