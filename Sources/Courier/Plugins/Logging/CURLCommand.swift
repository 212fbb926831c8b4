import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `curl` command that sends the same request as a `URLRequest`, with its secrets hidden by a
/// ``Redaction``: the text of ``RequestType/cURLDescription()`` and of the logger's
/// ``NetworkLoggerPlugin/LogOptions/formatRequestAscURL``.
///
/// One option per line, each quoted for a POSIX shell:
///
/// ```
/// $ curl -v \
///     -X POST \
///     -H 'Authorization: <redacted>' \
///     -H 'Content-Type: application/x-www-form-urlencoded' \
///     --data-raw 'password=<redacted>&user=ann' \
///     'https://api.example.com/login'
/// ```
package struct CURLCommand {
    /// The request to describe.
    let request: URLRequest
    /// What to hide in the URL, the headers and the body.
    let redaction: Redaction
    /// The longest body shown, in bytes of its text; a longer body is cut and marked.
    var maximumBodyLength = Int.max

    /// The command for `request`, with what `redaction` hides hidden.
    package init(request: URLRequest, redaction: Redaction, maximumBodyLength: Int = .max) {
        self.request = request
        self.redaction = redaction
        self.maximumBodyLength = maximumBodyLength
    }

    /// The command, or a line saying why there is none.
    package var text: String {
        guard let url = request.url else { return "$ curl command could not be created: the request has no URL" }
        let method = request.httpMethod ?? "GET"
        let body = request.httpBody ?? Data()
        var options = ["$ curl -v"]
        if method == "HEAD" {
            options.append("--head")
        } else if method != "GET" || !body.isEmpty {
            options.append("-X \(Self.quotedIfNeeded(method))")
        }
        for (name, value) in LogText.sortedByName(request.allHTTPHeaderFields ?? [:]) {
            let shown = redaction.redactedHeaderValue(value, forHeader: name)
            // `Name;` is how curl sends a header with an empty value.
            options.append("-H " + Self.quoted(shown.isEmpty ? "\(name);" : "\(name): \(shown)"))
        }
        if !body.isEmpty {
            options.append(bodyOption(body))
        } else if request.httpBodyStream != nil {
            options.append("--data-binary '<body stream not shown>'")
        }
        options.append(Self.quoted(redaction.redactedURL(url)))
        return options.joined(separator: " \\\n    ")
    }

    /// The option that sends `body`: its redacted text, or a placeholder for binary data.
    private func bodyOption(_ body: Data) -> String {
        let contentType = request.value(forHTTPHeaderField: "Content-Type")
        let redacted = redaction.redactedBody(body, contentType: contentType)
        guard let text = String(data: redacted, encoding: .utf8) else {
            return "--data-binary " + Self.quoted(LogText.binary(byteCount: body.count))
        }
        let shown = LogText.truncated(text, maximumLength: maximumBodyLength, bodyLength: body.count)
        return "--data-raw " + Self.quoted(shown)
    }

    /// `text` in single quotes for a POSIX shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// `text` as it is when it is a plain word, otherwise quoted.
    private static func quotedIfNeeded(_ text: String) -> String {
        let plain = !text.isEmpty && text.utf8.allSatisfy(isWordByte)
        return plain ? text : quoted(text)
    }

    /// Whether `byte` is an ASCII letter, digit or `-`.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
