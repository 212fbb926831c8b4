import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a recording keeps of an answer, from a whole response or a stream.
struct RecordedAnswer {
    var statusCode: Int
    /// The URL the answer came from (another than the request's when redirects were followed).
    var url: URL?
    var httpVersion: String?
    /// The header fields in the order they came, repeated fields (`Set-Cookie`) one by one.
    var headers: [(name: String, value: String)]
    var body: Data
    var metrics: TransferMetrics?
    /// The pieces of a streamed body, with their pauses.
    var chunks: [HAR.Chunk]?
}

/// The HAR entry of one exchange, with every secret `redaction` hides replaced by its placeholder.
extension HAR.Entry {
    /// The entry of `request` (its body `body`), sent at `started`, answered by `answer` after `elapsed`,
    /// or failed with `failure`.
    init(
        recording request: URLRequest, body: Data?, started: Date, elapsed: Duration, answer: RecordedAnswer?,
        failure: (any Error)?, redaction: Redaction
    ) {
        let metrics = answer?.metrics
        let version = Self.version(answer?.httpVersion ?? metrics?.httpVersion)
        let timings = HAR.Timings(metrics: metrics, elapsed: elapsed)
        self.init(
            startedDateTime: HAR.dateTime(started),
            time: ([timings.dns, timings.connect, timings.send, timings.wait, timings.receive]
                .compactMap { $0 }.filter { $0 > 0 }.reduce(0, +) * 1000).rounded() / 1000,
            request: HAR.Request(recording: request, body: body, httpVersion: version, redaction: redaction),
            response: answer.map {
                HAR.Response(recording: $0, request: request, httpVersion: version, redaction: redaction)
            }
                ?? HAR.Response(failure: failure),
            timings: timings, serverIPAddress: metrics?.remoteAddress)
    }

    /// `HTTP/1.1`, `HTTP/2`: as a transport names it, `HTTP/1.1` when unknown.
    private static func version(_ version: String?) -> String {
        guard let version, !version.isEmpty else { return "HTTP/1.1" }
        return version.uppercased().hasPrefix("HTTP/") ? version.uppercased() : "HTTP/\(version)"
    }
}

extension HAR.Request {
    init(recording request: URLRequest, body: Data?, httpVersion: String, redaction: Redaction) {
        let url = request.url.map { HAR.redacted($0.absoluteString, redaction: redaction) }
        let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }
        let contentType = request.value(forHTTPHeaderField: "Content-Type")
        var postData: HAR.PostData?
        if let body, !body.isEmpty {
            let redacted = redaction.redactedBody(body, contentType: contentType)
            let stored = HAR.stored(redacted, mimeType: contentType, base64Allowed: false)
            let isForm = contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
            postData = HAR.PostData(
                mimeType: contentType ?? "", text: stored.text, encoding: stored.encoding,
                params: isForm
                    ? HAR.pairs(String(decoding: redacted, as: UTF8.self)).map {
                        HAR.Param(name: $0.name, value: $0.value)
                    } : nil)
        }
        self.init(
            method: request.httpMethod ?? "GET", url: url ?? "",
            httpVersion: httpVersion,
            cookies: HAR.cookies(
                headers.filter { $0.key.lowercased() == "cookie" }.map(\.value), setCookie: false, redaction: redaction,
                hidesAll: redaction.hidesHeader("Cookie")),
            headers: headers.map {
                HAR.NameValue(name: $0.key, value: redaction.redactedHeaderValue($0.value, forHeader: $0.key))
            },
            queryString: url.map { URLParts($0).query.map { HAR.NameValue(name: $0.name, value: $0.value) } } ?? [],
            postData: postData, headersSize: -1, bodySize: Double(body?.count ?? 0))
    }
}

extension HAR.Response {
    init(recording answer: RecordedAnswer, request: URLRequest, httpVersion: String, redaction: Redaction) {
        let contentType = answer.headers.first { $0.name.lowercased() == "content-type" }?.value
        let encoded = answer.headers.contains { $0.name.lowercased() == "content-encoding" }
        let stored = HAR.stored(redaction.redactedBody(answer.body, contentType: contentType), mimeType: contentType)
        let location = answer.headers.first { $0.name.lowercased() == "location" }?.value
        let finalURL = answer.url.flatMap {
            $0 == request.url ? nil : HAR.redacted($0.absoluteString, redaction: redaction)
        }
        self.init(
            status: answer.statusCode, statusText: HAR.reasonPhrase(answer.statusCode), httpVersion: httpVersion,
            cookies: HAR.cookies(
                answer.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value), setCookie: true,
                redaction: redaction,
                hidesAll: redaction.hidesHeader("Set-Cookie")),
            headers: answer.headers.map {
                HAR.NameValue(name: $0.name, value: redaction.redactedHeaderValue($0.value, forHeader: $0.name))
            },
            content: HAR.Content(
                size: Double(answer.body.count), mimeType: contentType ?? "", text: stored.text,
                encoding: stored.encoding, chunks: answer.chunks),
            redirectURL: location.map { HAR.redacted($0, redaction: redaction) } ?? "",
            headersSize: -1, bodySize: encoded ? -1 : Double(answer.body.count), finalURL: finalURL)
    }

    /// A request that got no response: status 0, and why, as mitmproxy and browsers record it.
    init(failure: (any Error)?) {
        self.init(
            status: 0, statusText: "", httpVersion: "", cookies: [], headers: [],
            content: HAR.Content(size: 0, mimeType: ""),
            redirectURL: "", headersSize: -1, bodySize: -1,
            error: failure.map { Redaction.default.redactedText(ErrorText.ending(ErrorText.describe($0))) },
            errorCode: (failure as? URLError)?.code.rawValue)
    }
}

extension HAR.Timings {
    /// The phases of a transfer from its metrics (times from its start), or all in `wait` without them.
    init(metrics: TransferMetrics?, elapsed: Duration) {
        guard let metrics else {
            self.init(send: 0, wait: elapsed.milliseconds, receive: 0)
            return
        }
        // Differences of times rounded to the microsecond, as the times are.
        func rounded(_ milliseconds: Double) -> Double { (milliseconds * 1000).rounded() / 1000 }
        let dns = metrics.domainLookup?.milliseconds
        let connected = metrics.connect?.milliseconds
        let secured = metrics.secureConnection?.milliseconds
        let total = metrics.total.milliseconds
        let ready = secured ?? connected ?? dns ?? 0
        let reused = metrics.isReusedConnection
        self.init(
            dns: reused ? -1 : dns ?? -1,
            // HAR counts the TLS handshake in `connect` too.
            connect: reused ? -1 : (secured ?? connected).map { rounded(max(0, $0 - (dns ?? 0))) } ?? -1,
            send: 0,
            wait: rounded(metrics.firstByte.map { max(0, $0.milliseconds - ready) } ?? max(0, total - ready)),
            receive: rounded(metrics.firstByte.map { max(0, total - $0.milliseconds) } ?? 0),
            ssl: reused ? -1 : secured.map { rounded(max(0, $0 - (connected ?? 0))) } ?? -1)
    }
}

extension HAR {
    /// The cookies of `Cookie` header values (`a=1; b=2`), or of `Set-Cookie` ones (a cookie and its
    /// attributes) when `setCookie`; their values hidden when `hidesAll` or when `redaction` hides their
    /// names.
    static func cookies(_ values: [String], setCookie: Bool, redaction: Redaction, hidesAll: Bool) -> [Cookie] {
        values.flatMap { value -> [Cookie] in
            let pieces = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let attributes = setCookie ? Array(pieces.dropFirst()) : []
            func attribute(_ name: String) -> String? {
                attributes.first { $0.lowercased().hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
            }
            return (setCookie ? Array(pieces.prefix(1)) : pieces).compactMap { piece -> Cookie? in
                let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = pair.first, !name.isEmpty else { return nil }
                let hidden = hidesAll || redaction.hidesField(String(name))
                var cookie = Cookie(
                    name: String(name), value: hidden ? redaction.replacement : pair.count > 1 ? String(pair[1]) : "")
                if setCookie {
                    cookie.path = attribute("path")
                    cookie.domain = attribute("domain")
                    cookie.httpOnly = attributes.contains { $0.lowercased() == "httponly" }
                    cookie.secure = attributes.contains { $0.lowercased() == "secure" }
                }
                return cookie
            }
        }
    }

    /// `url` with hidden query values and its password replaced by the placeholder, percent-encoded so
    /// that the URL stays one a reader can parse (`token=%3Credacted%3E`).
    static func redacted(_ url: String, redaction: Redaction) -> String {
        let hidden = redaction.replacement
        let encoded = hidden.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? hidden
        return redaction.redactedURLString(url).replacingOccurrences(of: hidden, with: encoded)
    }

    /// The fields of a form (`name=value` joined by `&`), decoded: `+` is a space, `%XX` an escape.
    static func pairs(_ form: String) -> [(name: String, value: String)] {
        form.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                let spaced = $0.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    /// The reason phrase of a status (RFC 9110), `""` for one it does not name.
    static func reasonPhrase(_ status: Int) -> String {
        let phrases: [Int: String] = [
            100: "Continue", 101: "Switching Protocols", 200: "OK", 201: "Created", 202: "Accepted",
            203: "Non-Authoritative Information", 204: "No Content", 205: "Reset Content", 206: "Partial Content",
            300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
            307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized",
            402: "Payment Required", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
            406: "Not Acceptable", 407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict",
            410: "Gone", 411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
            414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
            417: "Expectation Failed", 421: "Misdirected Request", 422: "Unprocessable Content",
            425: "Too Early", 426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
            431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
            500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
            504: "Gateway Timeout", 505: "HTTP Version Not Supported",
        ]
        return phrases[status] ?? ""
    }
}

extension Duration {
    /// The duration in milliseconds, to the microsecond.
    var milliseconds: Double {
        ((Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15) * 1000).rounded() / 1000
    }
}
