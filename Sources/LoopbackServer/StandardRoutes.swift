import Foundation

/// The routes a `LoopbackServer` serves by default.
///
/// Every route accepts two query items: `delay=<milliseconds>` sleeps that long (on the connection's
/// thread) before answering, and `status=<code>` replaces the status of the answer.
///
/// | Route | Answer |
/// |---|---|
/// | `/echo`, `/echo/...` | JSON describing the request: method, path, query, queryItems, headers, body, bodyLength |
/// | `/status/<code>` | that status with JSON `{"status": code}` |
/// | `/respond` | status `status`, text `body`, `contentType`, and a header for each `header.<Name>=<value>` |
/// | `/bytes/<n>` | n bytes of the pattern (`patternData`), streamed in 64 KiB pieces |
/// | `/json` | the request body with `Content-Type: application/json` |
/// | `/slow-body/<n>?interval=<ms>` | n pattern bytes, 1 KiB at a time, `interval` (default 100) ms apart |
/// | `/upload` | JSON `{"bytes": n, "checksum": "<16 hex digits>"}` of the body, read without keeping it |
/// | `/attachment?filename=<name>` | `Content-Disposition: attachment; filename="<name>"` and the `body` item |
/// | `/fault/reset-before-response` | the connection is reset (TCP RST) without an answer |
/// | `/fault/reset-mid-body` | a 200 head announcing `faultDeclaredLength` bytes, `faultSentLength` of them, a reset |
/// | `/fault/short-body` | the same head and bytes, then the connection is closed in order |
/// | `/fault/no-headers` | nothing at all; the connection stays open until the client gives up |
/// | `/fault/endless-body` | the same head and bytes, then silence with the connection open |
/// | `/fault/trickle` | a 200 whose body never ends: 16 bytes every 100 ms |
/// | `/fault/bad-status-line` | `HTTP/1.1 TWO-HUNDRED OK`, then the connection is closed |
/// | `/fault/redirect-loop` | 302 to itself, for ever |
/// | `/fault/gzip` | `gzipPayload` gzip-encoded, with `Content-Encoding: gzip`; `?corrupt=1` spoils its CRC |
/// | `/fault/gzip-bomb?size=<n>` | n zero bytes (default 200 MiB) gzip-encoded into about n/160 bytes (no valid CRC) |
/// | `/fault/drip-headers` | a status line, then a header line every 200 ms, never ending the head |
/// | `/stream/bytes`, `/stream/numbered-events` | for the streaming tests: see `StandardRoutes+StreamingTests.swift` |
/// | `/stream/chat?prompt=<text>` | a chat-style reply as server-sent events (`text/event-stream`): a `data: <token>` event with an `id` per token, 30 to 80 ms apart, then `event: done`; `interval=<ms>` fixes the pause |
/// | `/stream/ndjson?count=<n>` | n (default 10) lines of JSON (`application/x-ndjson`), `interval` (default 20) ms apart |
/// | `/stream/json-events?count=<n>` | n (default 10) server-sent events whose data is JSON (`{"index": i, "name": "item i"}`), then `data: [DONE]`; `interval` (default 20) ms apart |
/// | `/stream/json-seq?count=<n>` | the same n items as a JSON text sequence (`application/json-seq`, RFC 7464), each record over several lines |
/// | anything else | 404 with JSON `{"error": "no route", "path": path}` |
public enum StandardRoutes {
    /// The paths whose request bodies a server streams by default: `/upload`.
    public static let streamingPaths: Set<String> = ["/upload"]

    /// The longest accepted `delay`, in milliseconds (longer values are shortened to it).
    public static let maximumDelayMilliseconds = 60_000

    /// Answers `request` according to the routes above.
    public static func handle(_ request: ServerRequest) -> ServerResponse {
        if let delay = request.queryItems["delay"].flatMap({ Int($0) }), delay > 0 {
            Thread.sleep(forTimeInterval: Double(min(delay, maximumDelayMilliseconds)) / 1000)
        }
        var response = route(request)
        if let status = request.queryItems["status"].flatMap({ Int($0) }), (100...999).contains(status) {
            response.status = status
        }
        return response
    }

    private static func route(_ request: ServerRequest) -> ServerResponse {
        let path = request.path
        if path == "/echo" || path.hasPrefix("/echo/") { return echo(request) }
        if path == "/respond" { return respond(request) }
        if path == "/json" { return jsonRoundTrip(request) }
        if path == "/upload" || path.hasPrefix("/upload/") { return upload(request) }
        if let code = lastComponent(of: path, after: "/status/") { return status(code) }
        if let count = lastComponent(of: path, after: "/bytes/") { return bytes(count) }
        if let count = lastComponent(of: path, after: "/slow-body/") {
            return slowBody(count, intervalMilliseconds: request.queryItems["interval"])
        }
        if path == "/attachment" { return attachment(request) }
        if path.hasPrefix("/stream/"), let answer = streaming(request) { return answer }
        if let answer = streamingTestRoute(request) { return answer }
        if let name = lastComponent(of: path, after: "/fault/"), let answer = fault(Substring(name), request) {
            return answer
        }
        return .json(["error": "no route", "path": path], status: 404)
    }

    /// The rest of `path` after `prefix`, when that rest is one non-empty path segment.
    private static func lastComponent(of path: String, after prefix: String) -> String? {
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.dropFirst(prefix.count)
        return rest.isEmpty || rest.contains("/") ? nil : String(rest)
    }

    /// A 400 answer explaining what was wrong with the request.
    static func badRequest(_ message: String) -> ServerResponse {
        .json(["error": message], status: 400)
    }
}
