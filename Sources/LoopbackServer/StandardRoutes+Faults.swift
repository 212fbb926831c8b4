import Foundation

/// The routes under `/fault/`: servers misbehaving in the ways a client must survive, and `/attachment`.
extension StandardRoutes {
    /// The JSON document that `/fault/gzip` sends gzip-encoded.
    public static let gzipPayload = Data(
        (#"{"encoding":"gzip","items":["# + (0..<200).map(String.init).joined(separator: ",") + "]}").utf8)

    /// The body length that `/fault/reset-mid-body`, `/fault/short-body` and `/fault/endless-body`
    /// announce in `Content-Length`.
    public static let faultDeclaredLength = 100_000

    /// The body bytes that `/fault/reset-mid-body`, `/fault/short-body` and `/fault/endless-body` send
    /// before they misbehave: the first bytes of the pattern.
    public static let faultSentLength = 10_000

    /// The answer of a `/fault/...` path, or `nil` when the path names no fault.
    static func fault(_ name: Substring, _ request: ServerRequest) -> ServerResponse? {
        switch name {
        case "reset-before-response":
            return ServerResponse(body: .reset(after: Data()))
        case "reset-mid-body":
            return ServerResponse(body: .reset(after: partialBody()))
        case "short-body":
            return ServerResponse(body: .raw(partialBody(), closeAfter: true))
        case "no-headers":
            return ServerResponse(body: .hold(after: Data()))
        case "endless-body":
            return ServerResponse(body: .hold(after: partialBody()))
        case "trickle":
            return trickle()
        case "bad-status-line":
            let answer = "HTTP/1.1 TWO-HUNDRED OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok"
            return ServerResponse(body: .raw(Data(answer.utf8), closeAfter: true))
        case "redirect-loop":
            return ServerResponse(
                status: 302,
                headers: [
                    HeaderField(name: "Location", value: "/fault/redirect-loop"),
                    HeaderField(name: "Content-Type", value: "text/plain; charset=utf-8"),
                ],
                body: .data(Data("redirecting to myself\n".utf8)))
        case "gzip":
            var body = Gzip.stored(gzipPayload)
            if request.queryItems["corrupt"] == "1" {
                body[body.count - 8] ^= 0xFF  // a wrong CRC-32
            }
            return ServerResponse(
                headers: [
                    HeaderField(name: "Content-Type", value: "application/json"),
                    HeaderField(name: "Content-Encoding", value: "gzip"),
                ],
                body: .data(body))
        case "gzip-bomb":
            let count = request.queryItems["size"].flatMap { Int($0) } ?? (200 << 20)
            return ServerResponse(
                headers: [
                    HeaderField(name: "Content-Type", value: "application/octet-stream"),
                    HeaderField(name: "Content-Encoding", value: "gzip"),
                ],
                body: .data(
                    bombs.withLock { cache in
                        if let bomb = cache[count] { return bomb }
                        let bomb = Gzip.zeros(count: max(0, min(count, 1 << 34)))
                        cache[count] = bomb
                        return bomb
                    }))
        case "drip-headers":
            return dripHeaders()
        default:
            return nil
        }
    }

    /// The bombs made so far, by decoded size.
    private static let bombs = LockedCache()

    /// A status line, then one header line every 200 ms for ten minutes, and never the end of the head.
    private static func dripHeaders() -> ServerResponse {
        ServerResponse(
            body: .rawStream { index in
                guard index > 0 else { return Data("HTTP/1.1 200 OK\r\n".utf8) }
                guard index < 3_000 else { return nil }
                Thread.sleep(forTimeInterval: 0.2)
                return Data("X-Drip-\(index): \(index)\r\n".utf8)
            })
    }

    /// `attachment; filename="…"` with the `filename` query item as the name (`"` and `\` escaped), and
    /// the `body` query item (default `attachment`) as the body.
    static func attachment(_ request: ServerRequest) -> ServerResponse {
        let name = (request.queryItems["filename"] ?? "")
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
        return ServerResponse(
            headers: [
                HeaderField(name: "Content-Type", value: "application/octet-stream"),
                HeaderField(name: "Content-Disposition", value: "attachment; filename=\"\(name)\""),
            ],
            body: .data(Data((request.queryItems["body"] ?? "attachment").utf8)))
    }

    /// A `200` head announcing ``faultDeclaredLength`` bytes, followed by only ``faultSentLength`` of them.
    private static func partialBody() -> Data {
        var answer = Data(
            ("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n"
                + "Content-Length: \(faultDeclaredLength)\r\nConnection: close\r\n\r\n").utf8)
        answer.append(patternData(offset: 0, count: faultSentLength))
        return answer
    }

    /// A body that never ends yet never goes quiet: 16 bytes every 100 ms of a declared terabyte.
    private static func trickle() -> ServerResponse {
        ServerResponse(
            headers: [HeaderField(name: "Content-Type", value: "application/octet-stream")],
            body: .stream(length: 1 << 40) { offset, maxCount in
                if offset > 0 {
                    Thread.sleep(forTimeInterval: 0.1)
                }
                return patternData(offset: offset, count: min(16, maxCount))
            })
    }
}

/// A dictionary of `Data` behind a lock.
final class LockedCache: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: Data] = [:]

    func withLock<T>(_ body: (inout [Int: Data]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&values)
    }
}
