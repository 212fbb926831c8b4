import Courier

/// The `curl` command of a request in the layout Alamofire's `cURLDescription()` has (what Moya's logger
/// prints with `.formatRequestAscURL`): `$ curl -v`, `-X <method>`, `-u` with the credential, `-b` with the
/// session's cookies, a `-H` for each header field (the session's under the request's own), `-d` with the
/// body, and the URL, one per line, values in double quotes.
///
/// Unlike Alamofire's, it hides secrets: Courier's default `Redaction` replaces passwords, tokens,
/// cookies and credential headers in the URL, the fields and the body.
enum CURLDescription {
    static func command(
        for request: URLRequest, sessionHeaders: [String: String], credential: URLCredential? = nil,
        cookies: HTTPCookieStorage? = nil
    ) -> String {
        guard let url = request.url else { return "$ curl command could not be created" }
        let redaction = Redaction.default
        var lines = ["$ curl -v", "-X \(request.httpMethod ?? "GET")"]
        if let user = credential?.user, credential?.password != nil {
            lines.append("-u \(user):\(redaction.replacement)")
        }
        if request.httpShouldHandleCookies, let cookies = cookies?.cookies(for: url), !cookies.isEmpty {
            lines.append("-b \(quoted(redaction.replacement))")
        }
        var fields: [String: String] = [:]
        for (name, value) in sessionHeaders where name.caseInsensitiveCompare("Cookie") != .orderedSame {
            fields[name] = value
        }
        for (name, value) in request.allHTTPHeaderFields ?? [:]
        where name.caseInsensitiveCompare("Cookie") != .orderedSame {
            if let existing = fields.keys.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                fields[existing] = nil
            }
            fields[name] = value
        }
        for (name, value) in redaction.redactedHeaders(fields).sorted(by: { $0.key.lowercased() < $1.key.lowercased() })
        {
            lines.append("-H \(quoted("\(name): \(value)"))")
        }
        if let body = request.httpBody, !body.isEmpty {
            let shown = redaction.redactedBody(body, contentType: request.value(forHTTPHeaderField: "Content-Type"))
            lines.append("-d \(quoted(String(decoding: shown, as: UTF8.self)))")
        }
        lines.append(quoted(redaction.redactedURL(url)))
        return lines.joined(separator: " \\\n\t")
    }

    /// `text` in double quotes, its backslashes and double quotes escaped.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
